export const PLACEHOLDER = /\{\{\s*([\w.:-]+)\s*\}\}/g;

const SECRET_WORDS = /token|secret|passw(or)?d|^pwd$|apikey|accesskey|privatekey|credential|authorization|cookie|sessionid/;
// Names that carry a secret word but describe it: `token_type: bearer`, `TOKEN_URL`, `expires_in`.
const DESCRIPTIVE_SUFFIX = /(type|url|uri|endpoint|expiresin|expiresat|expiry|ttl|header|name|format|hint|length|count|policy)$/;

/** `API_TOKEN`, `password`, `client_secret`, `X-Api-Key`, `apiKey`: names whose values are secrets. */
export function isSecretName(name: string): boolean {
  const normalized = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_WORDS.test(normalized) && !DESCRIPTIVE_SUFFIX.test(normalized);
}

/** True when a value holds more than `{{VAR}}` placeholders and an auth scheme word. */
export function isLiteralSecret(value: unknown): boolean {
  if (typeof value === 'number') return true;
  if (typeof value !== 'string') return false;
  const rest = value
    .replace(PLACEHOLDER, '')
    .trim()
    .replace(/^(bearer|basic|token|digest|apikey)\b/i, '')
    .trim();
  return rest.length > 0;
}

/** `x-api-key` → `API_KEY`, `clientSecret` → `CLIENT_SECRET`. */
export function variableNameFor(name: string): string {
  const snake = name
    .replace(/^x-/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
  return snake || 'SECRET';
}
