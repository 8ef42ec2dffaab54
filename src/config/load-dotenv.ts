import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { KNOWN_PROVIDERS } from './known-providers.js';

/**
 * A project's `.env` is the project's to write, so it sets only what the project's own code reads.
 * Never the variables that decide for Falcon: which config (and so whether the project is trusted),
 * where a model key is sent (a key from the shell to a host the repository chose), or what code every
 * process Falcon starts loads first (hooks run without asking).
 */
const NOT_FROM_PROJECT = new Set([
  'FALCON_HOME',
  'FALCON_CONFIG',
  ...KNOWN_PROVIDERS.flatMap((provider) => (provider.urlVariable ? [provider.urlVariable] : [])),
  'NODE_OPTIONS',
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'LD_AUDIT',
  'DYLD_INSERT_LIBRARIES',
  'DYLD_LIBRARY_PATH',
  'BASH_ENV',
  'ENV',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'PERL5OPT',
  'PERL5LIB',
  'RUBYOPT',
  'RUBYLIB',
]);

/**
 * Loads `<project>/.env` into `env` without overriding what the environment already holds, so a
 * variable exported in the shell always wins; NOT_FROM_PROJECT are left out. Returns the keys
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
    if (env[key] !== undefined || value === undefined || NOT_FROM_PROJECT.has(key)) continue;
    env[key] = value;
    set.push(key);
  }
  return set;
}
