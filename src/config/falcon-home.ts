import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** Falcon's own folder: `$FALCON_HOME` when set, else `~/.falcon`. */
export function falconHome(env: Env): string {
  const override = env.FALCON_HOME?.trim();
  return override ? resolve(override) : join(homedir(), '.falcon');
}

export function globalConfigPath(env: Env, home: string = falconHome(env)): string {
  return join(home, 'config.yaml');
}

/** The path as a user would type it: `~/.falcon/config.yaml` rather than `/home/ada/.falcon/config.yaml`. */
export function displayPath(path: string, userHome: string = homedir()): string {
  return path === userHome || path.startsWith(userHome + sep) ? '~' + path.slice(userHome.length) : path;
}
