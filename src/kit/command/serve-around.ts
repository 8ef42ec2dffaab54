import { existsSync } from 'node:fs';
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { loadProjectConfig } from '../../config/load-project-config.js';
import { describeFailedStart } from '../../engines/api-server/managed-server.js';
import { openManagedServer } from '../../engines/api-server/open-managed-server.js';
import { serverRequestWatch } from '../../engines/api-server/server-request-watch.js';
import { withRequestWatch } from '../../engines/http/request-watch.js';
import { maskText } from '../../safety/mask-text.js';
import { SecretRegistry } from '../../safety/secret-registry.js';
import { terminalSafeText } from '../../safety/terminal-text.js';
import { VariableScope } from '../../workspace/variable-scope.js';
import { chooseEnvironment } from './choose-environment.js';
import { engineCommandEnv } from './engine-command-env.js';

/** The exit code of a run whose server could not be started, as for bad usage. */
const EXIT_NOT_SERVED = 2;
const EXIT_TERMINATED = 143;

export interface ServeFlags {
  serve?: boolean;
  env?: string;
  /** The command's --base-url: where the server is waited for, instead of the environment's BASE_URL. */
  baseUrl?: string;
}

/**
 * `--serve` of `falcon test`, `perf`, `scan` and `flow run`: starts the server of `server:` in
 * `.falcon/config.yaml` (the flag is the user's consent to its command, printed before it runs), waits
 * until it is ready, runs the command with its requests watched (their failures carry the server's log
 * lines), then stops the server and every process it started, on Ctrl-C and SIGTERM as well. A server
 * that exits or is not ready in time ends the run with exit 2 and its last log lines.
 */
export async function serveAround(flags: ServeFlags, run: () => Promise<number>): Promise<number> {
  if (!flags.serve) return run();
  const projectRoot = await realpath(process.cwd());
  const say = (text: string) => process.stderr.write(`${terminalSafeText(maskText(text))}\n`);
  const settings = (await loadProjectConfig(projectRoot)).config.server;
  if (!settings) {
    say('falcon: --serve needs a server: section in .falcon/config.yaml, e.g. server: {command: "npm run dev"} (falcon init fills it).');
    return EXIT_NOT_SERVED;
  }
  const env = await engineCommandEnv(projectRoot);
  const secrets = new SecretRegistry();
  const variables = await VariableScope.open(projectRoot, env, await chooseEnvironment(projectRoot, flags.env), secrets);
  const server = openManagedServer({
    settings,
    projectRoot,
    variables,
    env,
    providerKeys: [],
    ...(await logFileFor(projectRoot)),
    mask: (text) => maskText(text, { secrets }),
    commandTrusted: true,
    ...(flags.baseUrl && { baseUrl: flags.baseUrl }),
  });
  const stopping = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    stopping.abort();
    // SIGINT is the command's own to handle (it reports what ran); SIGTERM ends the run here.
    if (signal === 'SIGTERM') void server.dispose().finally(() => process.exit(EXIT_TERMINATED));
  };
  process.on('SIGTERM', onSignal);
  const onStartInterrupt = () => onSignal('SIGINT');
  process.once('SIGINT', onStartInterrupt);
  try {
    say(`falcon: starting the API (--serve): ${settings.command}${settings.cwd !== '.' ? ` in ${settings.cwd}` : ''}`);
    const started = await server.start(stopping.signal).catch((error: unknown) => {
      if (stopping.signal.aborted) return undefined;
      throw error;
    });
    process.off('SIGINT', onStartInterrupt);
    if (!started) return 130;
    if (!started.ok) {
      say(`falcon: ${describeFailedStart(started)}`);
      return EXIT_NOT_SERVED;
    }
    say(
      `falcon: the API is ready (${(started.readyAfterMs / 1000).toFixed(1)} s)${server.log.file ? `; its log: ${path.relative(projectRoot, server.log.file)}` : ''}`,
    );
    return await withRequestWatch(serverRequestWatch({ server, projectRoot }), run);
  } finally {
    process.off('SIGINT', onStartInterrupt);
    process.off('SIGTERM', onSignal);
    await server.dispose();
  }
}

/** `.falcon/reports/server-<time>.log` beside the run's reports, when the project has a `.falcon` folder. */
async function logFileFor(projectRoot: string): Promise<{ logFile?: string }> {
  const falcon = path.join(projectRoot, '.falcon');
  if (!existsSync(falcon)) return {};
  const folder = path.join(falcon, 'reports');
  await mkdir(folder, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return { logFile: path.join(folder, `server-${stamp}.log`) };
}
