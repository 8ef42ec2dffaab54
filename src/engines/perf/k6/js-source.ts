import { terminalSafeJson, terminalSafeText } from '../../../safety/terminal-text.js';

/** Source text put into a script as it is: an expression the script builds (`"Bearer " + __ENV.TOKEN`). */
export class JsCode {
  constructor(readonly code: string) {}
}

/** Plain data (and JsCode) as JavaScript source, one property or element a line. */
export type JsValue = JsCode | string | number | boolean | null | JsValue[] | { [key: string]: JsValue };

/**
 * A string literal that holds any text: quotes, backslashes, backticks and `${` stay inside it, and
 * line separators, controls and bidi overrides are escaped, so none can end it or reorder what a
 * reader sees.
 */
export function jsString(text: string): string {
  return terminalSafeJson(text);
}

/** Text for a `//` comment: nothing in it can end the line and start code. */
export function jsCommentText(text: string): string {
  return terminalSafeText(text.replace(/[\r\n\u2028\u2029]+/g, ' '));
}

/** Up to this long, an array or object is written on one line. */
const ONE_LINE = 80;

export function jsSource(value: JsValue, indent = ''): string {
  if (value instanceof JsCode) return value.code;
  if (typeof value === 'string') return jsString(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} in a script`);
    return String(value);
  }
  if (typeof value === 'boolean' || value === null) return String(value);
  const inner = `${indent}  `;
  const [open, close, items] = Array.isArray(value)
    ? ['[', ']', value.map((item) => jsSource(item, inner))]
    : ['{', '}', Object.entries(value).map(([key, item]) => `${jsKey(key)}: ${jsSource(item, inner)}`)];
  if (items.length === 0) return `${open}${close}`;
  const oneLine = open === '[' ? `[${items.join(', ')}]` : `{ ${items.join(', ')} }`;
  if (oneLine.length <= ONE_LINE && !oneLine.includes('\n')) return oneLine;
  return `${open}\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}${close}`;
}

function jsKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : jsString(key);
}
