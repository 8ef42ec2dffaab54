import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Variables that choose Falcon's own config, which decides whether the project is trusted: a
 * project's `.env` is the project's to write, so it must not pick the config that trusts it.
 */
const FALCON_OWN = new Set(['FALCON_HOME', 'FALCON_CONFIG']);

/**
 * Loads `<project>/.env` into `env` without overriding what the environment already holds, so a
 * variable exported in the shell always wins; Falcon's own variables are left out. Returns the keys
 * it set; a missing file sets none.
 */
export async function loadDotEnv(projectRoot: string, env: Record<string, string | undefined>): Promise<string[]> {
  let source: string;
  try {
    source = await readFile(join(projectRoot, '.env'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const set: string[] = [];
  for (const [key, value] of Object.entries(parseEnv(source))) {
    if (env[key] !== undefined || value === undefined || FALCON_OWN.has(key)) continue;
    env[key] = value;
    set.push(key);
  }
  return set;
}
