import { isJsonObject } from '../../assertions/exact-json.js';

/**
 * Fields that may differ between two answers to the same request without anything having changed:
 * clocks, request ids and nonces. A field is volatile when
 * - its name's last word is a time word (`timestamp`, `time`, `date`, `datetime`, `at`, `now`, `ts`,
 *   `uptime`, `nonce`), as in `updatedAt`, `served_at`, `serverTime`, `nonce`; or
 * - its name is a request, trace, span or correlation id (`requestId`, `x_trace_id`); or
 * - any of the answers holds a date-time there: ISO 8601 with a time of day (`2025-01-02T03:04:05Z`)
 *   or an HTTP date (`Thu, 02 Jan 2025 03:04:05 GMT`). A plain date (`2025-01-02`) is data, not a clock.
 */
export function volatileFieldNames(bodies: readonly unknown[]): string[] {
  const names = new Set<string>();
  for (const body of bodies) collect(body, names);
  return [...names].sort();
}

const TIME_WORDS = new Set(['timestamp', 'time', 'date', 'datetime', 'at', 'now', 'ts', 'uptime', 'nonce']);
const ID_OWNERS = new Set(['request', 'trace', 'span', 'correlation']);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

function collect(value: unknown, names: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, names);
    return;
  }
  if (!isJsonObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    // ignoreFields reads "a.b" as a path and "$…" as a JSONPath: such keys cannot be named alone.
    if (!key.includes('.') && !key.startsWith('$') && (isVolatileName(key) || isDateTime(item))) names.add(key);
    collect(item, names);
  }
}

export function isVolatileName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const last = words.at(-1);
  if (last === undefined) return false;
  if (TIME_WORDS.has(last)) return true;
  return last === 'id' && words.length >= 2 && ID_OWNERS.has(words.at(-2)!);
}

function isDateTime(value: unknown): boolean {
  return typeof value === 'string' && (DATE_TIME.test(value) || HTTP_DATE.test(value));
}
