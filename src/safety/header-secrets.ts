import { isSecretName } from './secret-names.js';
import type { SecretRegistry } from './secret-registry.js';

/** `-H 'Authorization: Bearer …'` typed as it is: the credential is masked wherever the API echoes it. */
export function registerHeaderSecrets(headers: Record<string, string>, secrets: SecretRegistry): void {
  for (const [name, value] of Object.entries(headers)) {
    if (isSecretName(name)) secrets.register(value.replace(/^(bearer|basic|token|digest)\s+/i, ''), name);
  }
}
