import type { ServerSettings } from '../../config/types.js';
import type { VariableScope } from '../../workspace/variable-scope.js';
import { ManagedServer } from './managed-server.js';
import { serverEnvironment } from './server-environment.js';
import { ServerLog } from './server-log.js';

export interface OpenManagedServerInput {
  settings: ServerSettings;
  /** Real path. */
  projectRoot: string;
  /** `{{VAR}}` resolution: BASE_URL and the ready URL's placeholders. */
  variables: VariableScope;
  /** The environment Falcon was started with. */
  env: NodeJS.ProcessEnv;
  /** The configured providers' keys: left out of the server's environment, whatever their variable. */
  providerKeys: readonly string[];
  /** `.falcon/sessions/<id>/server.log`; absent: the log is kept in memory only. */
  logFile?: string;
  /** Masks secrets by value and shape in what is kept of its output. */
  mask(text: string): string;
  commandTrusted: boolean;
  /** Where the API answers, when a command's --base-url says so rather than the environment's BASE_URL. */
  baseUrl?: string;
}

/** The API's server of a session or a `--serve` run: its log, its environment, BASE_URL as the variables say. */
export function openManagedServer(input: OpenManagedServerInput): ManagedServer {
  const { settings, variables } = input;
  return new ManagedServer({
    settings,
    projectRoot: input.projectRoot,
    baseUrl: () =>
      (input.baseUrl ? Promise.resolve(input.baseUrl) : variables.resolve('{{BASE_URL}}')).then(
        (url) => url.replace(/\/+$/, '') || undefined,
        () => undefined,
      ),
    resolve: (text) => (input.baseUrl ? variables.resolve(text.replaceAll('{{BASE_URL}}', input.baseUrl)) : variables.resolve(text)),
    env: serverEnvironment(input.env, settings.env, input.providerKeys),
    log: new ServerLog({ ...(input.logFile && { file: input.logFile }), mask: input.mask }),
    commandTrusted: input.commandTrusted,
  });
}
