import { realpath } from 'node:fs/promises';
import { loadProjectConfig } from '../../../config/load-project-config.js';
import { listEnvironments } from '../../../workspace/environments.js';
import { saveProjectEnvironment } from '../../../workspace/project-environment.js';
import { UsageError } from '../../../kit/command/user-error.js';

/** `falcon env list`: the environments, the active one marked with `*`. */
export async function runEnvList(): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const names = await listEnvironments(projectRoot);
  if (names.length === 0) {
    process.stdout.write('No environments in .falcon/environments/ yet: run falcon init, or add <name>.yaml there.\n');
    return 0;
  }
  const active = await activeEnvironment(projectRoot, names);
  for (const name of names) process.stdout.write(name === active ? `* ${name} (active)\n` : `  ${name}\n`);
  return 0;
}

/** `falcon env use <name>`: records the choice as `environment:` in .falcon/config.yaml. */
export async function runEnvUse(name: string): Promise<number> {
  const projectRoot = await realpath(process.cwd());
  const names = await listEnvironments(projectRoot);
  if (!names.includes(name)) {
    const known = names.length ? `environments: ${names.join(', ')}` : 'there are none in .falcon/environments/';
    throw new UsageError(`no environment "${name}" (${known})`);
  }
  await saveProjectEnvironment(projectRoot, name);
  process.stdout.write(`Environment: ${name} (saved in .falcon/config.yaml; {{VAR}} now resolves from .falcon/environments/${name}.yaml).\n`);
  return 0;
}

/** As a session opens it: the one in config.yaml, else `dev` when there is one. */
async function activeEnvironment(projectRoot: string, names: string[]): Promise<string | undefined> {
  const { config, warnings } = await loadProjectConfig(projectRoot);
  for (const warning of warnings) process.stderr.write(`falcon: warning: ${warning}\n`);
  return config.environment ?? (names.includes('dev') ? 'dev' : undefined);
}
