import { stat } from 'node:fs/promises';
import { ConfigError } from '../../config/config-error.js';
import { displayPath } from '../../config/falcon-home.js';
import { loadProjectConfig } from '../../config/load-project-config.js';
import { readSpecStatus } from '../../engines/spec/spec-status.js';
import { falconPath } from '../../workspace/falcon-dir.js';
import { checkEnvironments } from './check-environments.js';
import { checkGitignore } from './check-gitignore.js';
import { checkServer } from './check-server.js';
import { type DoctorCheck, fail, ok, warn } from './doctor-check.js';

/** The project's `.falcon/`: there, its config valid, its environments usable, its spec readable, its sessions out of git. */
export async function checkProject(projectRoot: string, toolNames: readonly string[]): Promise<DoctorCheck[]> {
  if (!(await isFolder(falconPath(projectRoot)))) {
    return [warn('project', `no .falcon/ in ${displayPath(projectRoot)}`, 'in your API’s folder, run falcon (or falcon init) to set one up')];
  }
  const config = await checkProjectConfig(projectRoot, toolNames);
  const spec = await checkSpec(projectRoot);
  return [
    ok('project', `.falcon/ in ${displayPath(projectRoot)}`),
    ...config.checks,
    ...(await checkEnvironments(projectRoot, config.environment)),
    ...(spec ? [spec] : []),
    await checkGitignore(projectRoot),
  ];
}

async function checkProjectConfig(projectRoot: string, toolNames: readonly string[]): Promise<{ checks: DoctorCheck[]; environment?: string }> {
  const fix = 'correct .falcon/config.yaml as shown';
  try {
    const { config, warnings } = await loadProjectConfig(projectRoot, { toolNames });
    const checks = [ok('project config', '.falcon/config.yaml is valid')];
    if (config.server) checks.push(await checkServer(projectRoot, config.server));
    if (warnings.length > 0)
      checks.push(warn('project config', `.falcon/config.yaml has ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`, fix, warnings));
    return { checks, ...(config.environment && { environment: config.environment }) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { checks: [fail('project config', '.falcon/config.yaml cannot be used', fix, error.message.split('\n'))] };
  }
}

/** `.falcon/spec.yaml` reads back; nothing to say when no spec was ingested. */
async function checkSpec(projectRoot: string): Promise<DoctorCheck | undefined> {
  try {
    const status = await readSpecStatus(projectRoot);
    if (!status) return undefined;
    const operations = `${status.operationCount} operation${status.operationCount === 1 ? '' : 's'}`;
    return ok('spec', `.falcon/spec.yaml: ${status.title} (${operations})`);
  } catch (error) {
    return fail('spec', `.falcon/spec.yaml cannot be read: ${(error as Error).message}`, 'ingest the spec again: falcon spec ingest <file|url>');
  }
}

async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
