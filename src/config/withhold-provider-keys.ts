import { isWorthMasking } from '../safety/secret-candidate.js';
import type { SecretRegistry } from '../safety/secret-registry.js';
import { knownProvider } from './known-providers.js';
import type { FalconConfig } from './types.js';

/** The configured providers' keys, masked wherever they would show and never filled into a request. */
export function withholdProviderKeys(config: FalconConfig, secrets: SecretRegistry): void {
  for (const { id, apiKey } of Object.values(config.providers)) {
    // Judged by the key alone: the stand-ins local servers take (`ollama`, `lm-studio`) are no secrets.
    if (apiKey && isWorthMasking(apiKey)) secrets.withhold(apiKey, knownProvider(id)?.apiKeyVariable ?? `${id.toUpperCase().replace(/\W+/g, '_')}_API_KEY`);
  }
}
