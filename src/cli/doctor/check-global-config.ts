import { ConfigError } from '../../config/config-error.js';
import { defaultProviderId } from '../../config/default-provider-id.js';
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

/** What the doctor says when no model is configured: the engines work without one. */
const NO_MODEL_NOTE = 'no model: `falcon test`, `perf`, `scan` and `flow` work; the agent needs one';

export interface GlobalConfigOptions {
  /** `--require-model`: no provider configured is a problem, not a note. */
  requireModel?: boolean;
}

/**
 * The global config file: there, valid (problems by file:line: key), with a provider, private, no
 * provider its own fallback. Without a provider the engines still work: a warning, unless a model is required.
 */
export async function checkGlobalConfig(env: Env, options: GlobalConfigOptions = {}): Promise<GlobalConfigFindings> {
  const path = globalConfigPath(env);
  const shown = displayPath(path);
  let contents: Awaited<ReturnType<typeof readGlobalConfigFile>>;
  try {
    contents = await readGlobalConfigFile(path, { modeWarning: false });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return {
      checks: [fail('config', `${shown} cannot be used`, `correct the file as shown, or set it up again with: falcon config`, error.message.split('\n'))],
    };
  }
  if (!contents) return { checks: [noModel(`no config file at ${shown}`, 'set up a model provider with: falcon config', options)] };

  const config = resolveConfig(contents.data, env);
  const checks = [
    Object.keys(config.providers).length === 0
      ? noModel(`${shown} configures no model provider`, 'set one up with: falcon config', options)
      : ok('config', `${shown} with ${providerRoles(config)}`),
  ];
  const own = ownFallbackOf(config);
  if (own !== undefined) {
    const others = config.fallback.filter((id) => id !== own);
    checks.push(
      warn(
        'config',
        `${own} is the default provider and its own fallback`,
        `take it out of the fallback order: falcon config fallback${others.map((id) => ` ${id}`).join('')}`,
      ),
    );
  }
  if (contents.warnings.length > 0)
    checks.push(warn('config', `${shown} has ${plural(contents.warnings.length, 'warning')}`, 'correct the file as shown', contents.warnings));
  checks.push(...(await checkConfigPermissions(path, contents.data, env)));
  return { checks, config };
}

function noModel(found: string, fix: string, options: GlobalConfigOptions): DoctorCheck {
  return options.requireModel ? fail('config', found, fix) : warn('config', NO_MODEL_NOTE, fix, [found]);
}

/** The default provider, when the fallback order names it too. */
function ownFallbackOf(config: FalconConfig): string | undefined {
  const id = defaultProviderId(config.defaultProvider, Object.keys(config.providers));
  return id !== undefined && config.fallback.includes(id) ? id : undefined;
}

/** `openai (default), ollama (fallback 1), lmstudio`. */
function providerRoles(config: FalconConfig): string {
  const ids = Object.keys(config.providers);
  const defaultId = defaultProviderId(config.defaultProvider, ids);
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
