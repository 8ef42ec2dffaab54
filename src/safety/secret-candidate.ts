import { isSecretName } from './secret-names.js';

/** Shorter values are not registered: masking every `admin` or `8080` would hide what a reader needs and protect nothing. */
export const SHORTEST_SECRET = 6;

const COMMON_WORDS = /^(true|false|null|undefined|none|yes|no|on|off)$/i;
// A value still holding a `{{VAR}}` was not resolved: the placeholder says where a secret comes from and stays visible.
export const PLACEHOLDER = /\{\{\s*[\w.:-]+\s*\}\}/;
// What an environment variable holds when it only says where or who: a server's URL (no user
// info, no query, short path segments), a host name, an e-mail address, a UUID, a lower-case word
// or slug (`staging`, `acme-corp`). Masked wherever they appear, they would blank out URLs, paths
// and ids in every observation.
const LOCATION_URL = /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#@]+(\/[\w.~-]{1,16})*\/?$/i;
const HOST_NAME = /^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)+)(:\d+)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WORD_OR_SLUG = /^[a-z]+([-_][a-z]+)*$/;

/**
 * Whether a value is worth registering as a secret. Too short, only digits (ports, ids, dates,
 * versions), a boolean or a placeholder: never. A location, an address, an id or a plain word: only when its
 * name says it is a secret (`API_KEY` holding a UUID is one; `TENANT_ID` holding one is not).
 */
export function isWorthMasking(value: string, name?: string): boolean {
  if (value.length < SHORTEST_SECRET || !/[A-Za-z]/.test(value) || COMMON_WORDS.test(value) || PLACEHOLDER.test(value)) return false;
  if (name !== undefined && isSecretName(name)) return true;
  return ![LOCATION_URL, HOST_NAME, EMAIL, UUID, WORD_OR_SLUG].some((shape) => shape.test(value));
}
