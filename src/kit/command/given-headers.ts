import { registerHeaderSecrets } from '../../safety/header-secrets.js';
import type { VariableScope } from '../../workspace/variable-scope.js';

/**
 * `-H` headers are credentials whatever their name (see registerHeaderSecrets): registered as typed
 * and as sent, `{{VAR}}` filled in, before anything is sent or printed.
 */
export async function registerGivenHeaders(headers: Record<string, string>, variables: VariableScope): Promise<void> {
  registerHeaderSecrets(headers, variables.secrets);
  const sent = await Promise.all(Object.entries(headers).map(async ([name, value]) => [name, await variables.resolve(value).catch(() => value)] as const));
  registerHeaderSecrets(Object.fromEntries(sent), variables.secrets);
}
