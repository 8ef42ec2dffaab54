import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** Falcon's own folder: `$FALCON_HOME` when set, else `~/.falcon`. */
export function falconHome(env: Env): string {
  const override = env.FALCON_HOME?.trim();
  return override ? resolve(override) : join(homedir(), '.falcon');
}

/**
 * The global config file named instead of Falcon's own: `$FALCON_CONFIG`, which `--config <file>`
 * sets for the run. The rest of Falcon's folder (memory, history) stays where it is.
 */
export function configFileOverride(env: Env): string | undefined {
  const file = env.FALCON_CONFIG?.trim();
  return file ? resolve(file) : undefined;
}

export function globalConfigPath(env: Env, home: string = falconHome(env)): string {
  return configFileOverride(env) ?? join(home, 'config.yaml');
}

/** The path as a user would type it: `~/.falcon/config.yaml` rather than `/home/ada/.falcon/config.yaml`. */
export function displayPath(path: string, userHome: string = homedir()): string {
  return path === userHome || path.startsWith(userHome + sep) ? '~' + path.slice(userHome.length) : path;
}
