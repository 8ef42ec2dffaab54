import { KNOWN_PROVIDERS } from '../../config/known-providers.js';
import { RUN_ID_VARIABLE } from '../exec/run-id.js';

/** Variables that carry a model provider's key, whatever the configured providers are. */
const PROVIDER_KEY_VARIABLES = new Set([...KNOWN_PROVIDERS.map((provider) => provider.apiKeyVariable), 'ANTHROPIC_API_KEY']);

/**
 * The environment the API's server runs with: the one Falcon was started with, less the model
 * providers' keys (by name, and any variable holding a configured key's value), plus `server.env`.
 */
export function serverEnvironment(base: NodeJS.ProcessEnv, extra: Readonly<Record<string, string>>, providerKeys: readonly string[]): Record<string, string> {
  const keys = new Set(providerKeys.filter((key) => key.length > 0));
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || PROVIDER_KEY_VARIABLES.has(name) || name === RUN_ID_VARIABLE || keys.has(value)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}
