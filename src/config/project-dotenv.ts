import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { type DotEnvRefusal, REFUSAL_REASONS, dotEnvRefusal } from './dotenv-refusal.js';
import { type Env, displayPath } from './falcon-home.js';

/** What a project's `.env` adds, and what it was refused. */
export interface ProjectDotEnv {
  /**
   * The variables Falcon may pass on — to `{{env:…}}`, the provider keys and the commands it runs:
   * none unless the folder is trusted; never one the environment already holds, nor one dotEnvRefusal refuses.
   */
  variables: Readonly<Record<string, string>>;
  /** One line naming what was left out and why; undefined when nothing was. */
  warning?: string;
}

export interface DotEnvTrust {
  /** The folder is in `trusted_folders`. */
  trusted: boolean;
  /** The global config's path, for the warning of a folder that is not trusted. */
  configPath: string;
}

/**
 * Reads `<project>/.env`. Nothing is written to any environment: the caller passes the variables on
 * where they belong. The shell's variables always win, silently; a missing file adds nothing.
 */
export async function readProjectDotEnv(projectRoot: string, env: Env, trust: DotEnvTrust): Promise<ProjectDotEnv> {
  let source: string;
  try {
    source = await readFile(join(projectRoot, '.env'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { variables: {} };
    throw error;
  }
  const offered = Object.entries(parseEnv(source)).filter((entry): entry is [string, string] => entry[1] !== undefined && env[entry[0]] === undefined);
  if (offered.length === 0) return { variables: {} };
  if (!trust.trusted) {
    return {
      variables: {},
      warning:
        `The project's .env was not used: this folder is not trusted (it sets ${offered.map(([name]) => name).join(', ')}). ` +
        `Trust it when \`falcon\` asks, or add ${projectRoot} to trusted_folders in ${displayPath(trust.configPath)}.`,
    };
  }
  const variables: Record<string, string> = {};
  const refused = new Map<DotEnvRefusal, string[]>();
  for (const [name, value] of offered) {
    const refusal = dotEnvRefusal(name, value);
    if (refusal === undefined) variables[name] = value;
    else refused.set(refusal, [...(refused.get(refusal) ?? []), name]);
  }
  if (refused.size === 0) return { variables };
  const groups = [...refused].map(([refusal, names]) => `${names.join(', ')} (${REFUSAL_REASONS[refusal]})`);
  return {
    variables,
    warning: `Ignored in the project's .env, which never sets these: ${groups.join('; ')}. Export them in your shell if you mean them.`,
  };
}
