import { loadProjectConfig } from '../../config/load-project-config.js';
import { terminalSafeText } from '../../safety/terminal-text.js';
import { listEnvironments } from '../../workspace/environments.js';
import { UsageError } from './user-error.js';

/** --env, else the project's environment (falcon env use); either must exist. */
export async function chooseEnvironment(projectRoot: string, given: string | undefined): Promise<string | undefined> {
  const project = await loadProjectConfig(projectRoot);
  for (const warning of project.warnings) process.stderr.write(`falcon: warning: ${terminalSafeText(warning)}\n`);
  const chosen = given ?? project.config.environment;
  if (chosen === undefined) return undefined;
  const environments = await listEnvironments(projectRoot);
  if (environments.includes(chosen)) return chosen;
  const known = environments.length ? `environments: ${environments.join(', ')}` : 'there are none in .falcon/environments/';
  const where = given === undefined ? ' (set as environment: in .falcon/config.yaml)' : '';
  throw new UsageError(`no environment "${chosen}"${where} (${known})`);
}
