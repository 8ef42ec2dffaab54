/** Strings longer than this are shown by their head and length. */
const SHOWN_STRING_CHARS = 24;
/** Objects and arrays deeper than this are shown as `…` with their depth. */
const SHOWN_DEPTH = 4;
const SHOWN_ITEMS = 6;
const SHOWN_CHARS = 240;

/**
 * A fuzzed value as a report shows it: JSON, long strings as their head and length, deep nesting
 * as its depth, and every character a reader cannot see or that moves text around (controls,
 * combining and bidirectional marks, odd spaces, lone surrogates) as a `\u` escape.
 */
export function describeFuzzValue(value: unknown): string {
  const text = shown(value, 0);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text;
}

function shown(value: unknown, depth: number): string {
  if (typeof value === 'string') {
    const head = value.length > SHOWN_STRING_CHARS ? value.slice(0, SHOWN_STRING_CHARS) : value;
    const quoted = visible(JSON.stringify(head));
    return value.length > SHOWN_STRING_CHARS ? `${quoted}… (${value.length.toLocaleString('en-US')} characters)` : quoted;
  }
  if (value === null || typeof value !== 'object') return Object.is(value, -0) ? '-0' : String(JSON.stringify(value) ?? value);
  if (depth >= SHOWN_DEPTH) return `… (nested ${nestingDepth(value).toLocaleString('en-US')} deep)`;
  const entries = Array.isArray(value)
    ? value.map((item) => shown(item, depth + 1))
    : Object.entries(value).map(([key, item]) => `${visible(JSON.stringify(key))}:${shown(item, depth + 1)}`);
  const more = entries.length > SHOWN_ITEMS ? [`… ${entries.length - SHOWN_ITEMS} more`] : [];
  const inner = [...entries.slice(0, SHOWN_ITEMS), ...more].join(',');
  return Array.isArray(value) ? `[${inner}]` : `{${inner}}`;
}

/** Invisible and direction-changing characters escaped; JSON has escaped the C0 controls already. */
function visible(text: string): string {
  return text.replace(/[\p{C}\p{M}\p{Z}]/gu, (character) => (character === ' ' ? character : escaped(character.codePointAt(0)!)));
}

function escaped(codePoint: number): string {
  const hex = codePoint.toString(16);
  return codePoint > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}

function nestingDepth(value: unknown): number {
  let depth = 0;
  let current = value;
  while (current !== null && typeof current === 'object') {
    const inner: unknown[] = Array.isArray(current) ? current : Object.values(current);
    depth++;
    current = inner.find((item) => item !== null && typeof item === 'object');
  }
  return depth;
}
