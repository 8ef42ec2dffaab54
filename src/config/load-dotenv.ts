import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Loads `<project>/.env` into `env` without overriding what the environment already holds, so a
 * variable exported in the shell always wins. Returns the keys it set; a missing file sets none.
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
    if (env[key] !== undefined || value === undefined) continue;
    env[key] = value;
    set.push(key);
  }
  return set;
}
