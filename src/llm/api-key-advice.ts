import { knownProvider } from '../config/known-providers.js';

/** Where to look when a key is refused: `api_key`, or the environment variable of a known provider. */
export function apiKeyAdvice(provider: string): string {
  const variable = knownProvider(provider)?.apiKeyVariable;
  return variable ? `check api_key or ${variable}` : `check providers.${provider}.config.api_key`;
}
