import { looksLikeSecretValue } from './looks-like-secret.js';
import { MASK } from './masked-marker.js';
import { maskSecretAssignments } from './secret-assignments.js';
import { isSecretName } from './secret-names.js';

const PRIVATE_KEY = /(-----BEGIN ([A-Z ]*)PRIVATE KEY-----)[\s\S]*?(-----END \2PRIVATE KEY-----)/g;
/** `postgres://app:pw@db`, `https://user:token@github.com`: the password part. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:@/"']+:)([^\s@/"']+)@/gi;
/** Provider key formats the shared shapes miss: Stripe's `sk_live_…`, AWS access key ids. */
const PROVIDER_KEY = /\b(?:[rs]k_(?:live|test)_[A-Za-z0-9]{10,}|AKIA[0-9A-Z]{16})\b/g;
/** A name ending in a "key" word (`JWT_SIGNING_KEY`, `stripe.key`, `signingKey`): in a file that should not be served, its value is taken for a secret. */
const KEY_NAME = /(?:[_.-](?:key|Key|KEY)|[a-z\d]Key)$/;
const NOT_SECRET_KEY_NAME = /(public|primary|foreign|sort|partition|cache)[_.-]?key$/i;
const KEY_ASSIGNMENT = /^(\s*(?:export\s+)?["']?([\w.-]*key)["']?\s*[:=]\s*["']?)([^"'\s,]+)/gim;

/**
 * A response body with what looks like a secret masked, beyond the shapes maskText knows (an API
 * that serves its `.env`, Git config or config endpoint hands out real credentials). Masks assignments to secret names (`AWS_SECRET_ACCESS_KEY=…`), credentials in URLs, private keys,
 * and in JSON every value under a secret name at any depth (`{"db.password": {"value": …}}`) or
 * shaped like a token.
 */
export function maskResponseSecrets(body: string): string {
  const json = parsedJson(body);
  if (json !== undefined) return JSON.stringify(maskJson(json, false));
  const masked = maskSecretAssignments(maskTokens(body.replace(PRIVATE_KEY, `$1${MASK}$3`)));
  return masked.replace(KEY_ASSIGNMENT, (whole, assigned: string, name: string) => (isKeyName(name) ? `${assigned}${MASK}` : whole));
}

function maskJson(value: unknown, underSecretName: boolean): unknown {
  // A value already masked (to what names its kind, `$2b$10$…[masked]`) is kept as it is.
  if (typeof value === 'string') return value.includes(MASK) ? value : underSecretName || looksLikeSecretValue(value) ? MASK : maskTokens(value);
  if (typeof value === 'number') return underSecretName ? MASK : value;
  if (Array.isArray(value)) return value.map((item) => maskJson(item, underSecretName));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskJson(item, underSecretName || isSecretName(key) || isKeyName(key))]));
  }
  return value;
}

function maskTokens(text: string): string {
  return text.replace(URL_PASSWORD, `$1${MASK}@`).replace(PROVIDER_KEY, MASK);
}

function isKeyName(name: string): boolean {
  return KEY_NAME.test(name) && !NOT_SECRET_KEY_NAME.test(name);
}

function parsedJson(body: string): unknown {
  if (!/^\s*[[{]/.test(body)) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
