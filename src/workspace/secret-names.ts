import { maskSecrets } from './mask-secrets.js';

const PLACEHOLDER = /\{\{\s*([\w.:-]+)\s*\}\}/g;
const MASK = '[masked]';

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
  const rest = value.replace(PLACEHOLDER, '').trim().replace(/^(bearer|basic|token|digest|apikey)\b/i, '').trim();
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

/** Masks a value kept under a secret-looking name, unless it is only placeholders. */
export function maskNamedValue(name: string, value: string): string {
  return isSecretName(name) && isLiteralSecret(value) ? MASK : maskSecrets(value);
}

// `API_TOKEN: abc`, `"password": "abc",`, `SECRET=abc`: one assignment on a line of YAML, JSON or .env.
const ASSIGNMENT = /^(\s*(?:-\s+)?["']?)([\w.-]+)(["']?\s*[:=]\s*)(["']?)(.*?)(\4)(,?\s*)$/;

/** Masks values assigned to secret-looking names line by line, leaving placeholders as they are. */
export function maskSecretAssignments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const match = ASSIGNMENT.exec(line);
      if (!match) return line;
      const [, lead = '', name = '', separator = '', quote = '', value = '', , trail = ''] = match;
      if (!isSecretName(name) || !isLiteralSecret(value) || value.startsWith(MASK)) return line;
      return `${lead}${name}${separator}${quote}${MASK}${quote}${trail}`;
    })
    .join('\n');
}

/**
 * maskSecrets for text that may hold `{{VAR}}` placeholders (saved requests, environments): a line
 * whose only secret-shaped values are placeholders stays as it is, so `TOKEN: {{env:TOKEN}}` still
 * says where the value comes from. Values of secret-looking names (`API_TOKEN: abc`) are masked too.
 */
export function maskKeepingPlaceholders(text: string): string {
  return maskSecretAssignments(text)
    .split('\n')
    .map((line) => {
      const neutral = line.replace(PLACEHOLDER, MASK);
      return maskSecrets(neutral) === neutral ? line : maskSecrets(line);
    })
    .join('\n');
}
