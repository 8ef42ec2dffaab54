import { realpath } from 'node:fs/promises';
import { engineCommandEnv } from '../../../kit/command/engine-command-env.js';
import { loadProjectConfig } from '../../../config/load-project-config.js';
import { runSavedRequest } from '../../../engines/requests/run-saved-request.js';
import { styleFor } from '../../../kit/command/terminal-style.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import { listEnvironments } from '../../../workspace/environments.js';
import { type SavedRequest, listSavedNames, loadSavedRequest } from '../../../workspace/saved-requests.js';
import { VariableScope } from '../../../workspace/variable-scope.js';
import { UsageError } from '../../../kit/command/user-error.js';
import { formatRequestRun } from './print-request-run.js';
import { maskKeepingPlaceholders } from '../../../safety/mask-keeping-placeholders.js';
import { maskText } from '../../../safety/mask-text.js';
import { SecretRegistry } from '../../../safety/secret-registry.js';

// Failures of the request itself (a variable not set, no connection, malformed assertions or file):
// the run failed, exit 1. Naming a request or environment that is not there is bad usage, exit 2.
const RUN_FAILURES = new Set([
  'UnknownVariableError',
  'HttpRequestError',
  'SavedAssertionsError',
  'AssertionSpecError',
  'JsonPathError',
  'SavedRequestError',
  'EnvironmentFileError',
]);

/** `falcon -r <name> [-e <env>]` and `falcon request run`: 0 when 2xx and every assertion holds, else 1. */
export async function runSavedRequestCommand(name: string, environment: string | undefined): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const env = await engineCommandEnv(projectRoot);
  const project = await loadProjectConfig(projectRoot);
  for (const warning of project.warnings) process.stderr.write(`falcon: warning: ${terminalSafeText(warning)}\n`);
  const chosen = environment ?? project.config.environment;
  const secrets = new SecretRegistry();
  try {
    const saved = await findRequest(projectRoot, name);
    await checkEnvironment(projectRoot, chosen);
    const run = await runSavedRequest(saved, await VariableScope.open(projectRoot, env, chosen, secrets));
    process.stdout.write(formatRequestRun(run, styleFor(process.stdout), secrets));
    return run.passed ? 0 : 1;
  } catch (error) {
    if (!(error instanceof Error) || !RUN_FAILURES.has(error.name)) throw error;
    const where = chosen ? ` (environment ${chosen})` : '';
    process.stderr.write(terminalSafeText(`falcon: ${name}${where}: ${maskText(error.message, { secrets })}\n`));
    return 1;
  }
}

async function checkEnvironment(projectRoot: string, name: string | undefined): Promise<void> {
  const environments = await listEnvironments(projectRoot);
  if (name === undefined || environments.includes(name)) return;
  const known = environments.length ? `environments: ${environments.join(', ')}` : 'there are none in .falcon/environments/';
  throw new UsageError(`no environment "${name}" (${known})`);
}

/** `falcon request list`: each saved request with its method and URL as saved. */
export async function runRequestList(): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const names = await listSavedNames(projectRoot, 'requests');
  if (names.length === 0) {
    process.stdout.write('No saved requests in .falcon/requests/ yet.\n');
    return 0;
  }
  const width = Math.max(...names.map((name) => name.length));
  for (const name of names) {
    const line = await loadSavedRequest(projectRoot, name).then(
      (saved) => {
        const checks = Object.keys(saved.assertions ?? {}).length;
        return `${saved.method.toUpperCase().padEnd(7)} ${saved.url}${checks ? `  (${checks} assertion${checks > 1 ? 's' : ''})` : ''}`;
      },
      (error: Error) => `(unreadable: ${error.message})`,
    );
    process.stdout.write(terminalSafeText(`${name.padEnd(width)}  ${maskKeepingPlaceholders(line)}\n`));
  }
  return 0;
}

async function findRequest(projectRoot: string, name: string): Promise<SavedRequest> {
  const names = await listSavedNames(projectRoot, 'requests');
  if (!names.includes(name)) {
    const known = names.length ? `saved requests: ${names.join(', ')}` : 'there are none in .falcon/requests/';
    throw new UsageError(`no saved request "${name}" (${known})`);
  }
  return loadSavedRequest(projectRoot, name);
}
