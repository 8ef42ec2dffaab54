import { jsonBody, type ScanExchange } from '../../scan-exchange.js';
import type { SensitiveValue } from './sensitive-values.js';

const PRIVATE_KEY_BLOCK = /(-----BEGIN ([A-Z ]*)PRIVATE KEY-----)[\s\S]*?(-----END \2PRIVATE KEY-----)/g;
const TEXT_HASH = /(\$2[abxy]?\$\d{2}\$|\$argon2(?:id|i|d)\$)[^\s"'<]+/g;
const MASK = '…[masked]';

/**
 * The exchange with each leaked value in its response cut to what names its kind (a hash's
 * algorithm prefix, `$2b$10$`, or a secret's first characters): the finding shows what leaked,
 * never the secret itself. A JSON body comes back compact.
 */
export function withLeaksMasked(exchange: ScanExchange, leaks: readonly SensitiveValue[]): ScanExchange {
  const body = jsonBody(exchange.response);
  const masked =
    body === undefined
      ? exchange.response.body.replace(PRIVATE_KEY_BLOCK, `$1${MASK}$3`).replace(TEXT_HASH, `$1${MASK}`)
      : JSON.stringify(withValuesMasked(body, leaks));
  return { ...exchange, response: { ...exchange.response, body: masked } };
}

function shown({ kind, value }: SensitiveValue): string {
  const prefix = kind === 'password hash' ? (/^\$[^$]+\$(\d{2}\$)?/.exec(value)?.[0] ?? value.slice(0, 4)) : kind === 'personal data' ? '' : value.slice(0, 4);
  return `${prefix}${MASK}`;
}

function withValuesMasked(body: unknown, leaks: readonly SensitiveValue[]): unknown {
  const whole = leaks.find((leak) => leak.path.length === 0);
  if (whole) return shown(whole);
  const copy = structuredClone(body) as Record<string | number, unknown>;
  for (const leak of leaks) {
    let parent = copy;
    for (const part of leak.path.slice(0, -1)) parent = parent[part] as Record<string | number, unknown>;
    parent[leak.path[leak.path.length - 1]!] = shown(leak);
  }
  return copy;
}
