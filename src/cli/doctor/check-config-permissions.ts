import { stat } from 'node:fs/promises';
import { displayPath, type Env, falconHome } from '../../config/falcon-home.js';
import type { GlobalConfigFile } from '../../config/global-config-schema.js';
import { type DoctorCheck, fail, ok, warn } from './doctor-check.js';
import { shellPath } from '../shell-path.js';

/**
 * On POSIX systems, the config file private (0600; open with API keys in it is a failure) and
 * Falcon's folder private (0700: remembered facts and input history live there).
 */
export async function checkConfigPermissions(path: string, data: GlobalConfigFile, env: Env): Promise<DoctorCheck[]> {
  if (process.platform === 'win32') return [];
  const checks: DoctorCheck[] = [];
  const shown = displayPath(path);
  const mode = (await stat(path)).mode & 0o777;
  const fix = `chmod 600 ${shellPath(path)}`;
  if ((mode & 0o077) === 0) checks.push(ok('config permissions', `${shown} is private (mode ${octal(mode)})`));
  else if (holdsApiKeys(data)) checks.push(fail('config permissions', `${shown} holds API keys that other users can read (mode ${octal(mode)})`, fix));
  else checks.push(warn('config permissions', `${shown} can be read by other users (mode ${octal(mode)}); it holds no API key`, fix));

  const home = falconHome(env);
  const homeMode = await modeOf(home);
  if (homeMode !== undefined && (homeMode & 0o077) !== 0) {
    checks.push(warn('falcon folder', `${displayPath(home)} is open to other users (mode ${octal(homeMode)})`, `chmod 700 ${shellPath(home)}`));
  }
  return checks;
}

function holdsApiKeys(data: GlobalConfigFile): boolean {
  return Object.values(data.providers ?? {}).some((entry) => entry.config?.api_key?.trim());
}

async function modeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mode & 0o777;
  } catch {
    return undefined;
  }
}

function octal(mode: number): string {
  return mode.toString(8).padStart(3, '0');
}
