import { ConfigError } from '../../config/config-error.js';
import { displayPath, type Env, globalConfigPath } from '../../config/falcon-home.js';
import { resolveConfig } from '../../config/load-global-config.js';
import { readGlobalConfigFile } from '../../config/read-global-config-file.js';
import type { FalconConfig } from '../../config/types.js';
import { checkConfigPermissions } from './check-config-permissions.js';
import { type DoctorCheck, fail, ok, warn } from './doctor-check.js';

export interface GlobalConfigFindings {
  checks: DoctorCheck[];
  /** The configuration, when the file could be used. */
  config?: FalconConfig;
}

/** The global config file: there, valid (problems by file:line: key), with a provider, private. */
export async function checkGlobalConfig(env: Env): Promise<GlobalConfigFindings> {
  const path = globalConfigPath(env);
  const shown = displayPath(path);
  let contents: Awaited<ReturnType<typeof readGlobalConfigFile>>;
  try {
    contents = await readGlobalConfigFile(path, { modeWarning: false });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { checks: [fail('config', `${shown} cannot be used`, `correct the file as shown, or set it up again with: falcon config`, error.message.split('\n'))] };
  }
  if (!contents) return { checks: [fail('config', `no config file at ${shown}`, 'set up a model provider with: falcon config')] };

  const config = resolveConfig(contents.data, env);
  const checks = [
    Object.keys(config.providers).length === 0
      ? fail('config', `${shown} configures no model provider`, 'set one up with: falcon config')
      : ok('config', `${shown} with ${providerRoles(config)}`),
  ];
  if (contents.warnings.length > 0) checks.push(warn('config', `${shown} has ${plural(contents.warnings.length, 'warning')}`, 'correct the file as shown', contents.warnings));
  checks.push(...(await checkConfigPermissions(path, contents.data, env)));
  return { checks, config };
}

/** `openai (default), ollama (fallback 1), lmstudio`. */
function providerRoles(config: FalconConfig): string {
  const ids = Object.keys(config.providers);
  const defaultId = config.defaultProvider ?? (ids.length === 1 ? ids[0] : undefined);
  const roles = ids.map((id) => {
    if (id === defaultId) return `${id} (default)`;
    const rank = config.fallback.indexOf(id);
    return rank >= 0 ? `${id} (fallback ${rank + 1})` : id;
  });
  return `${plural(ids.length, 'provider')}: ${roles.join(', ')}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
