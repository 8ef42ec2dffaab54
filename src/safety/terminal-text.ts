// Text from a model, a tool, a server or a config file must not drive the terminal that shows it:
// an escape sequence can erase the line a confirmation shows, set the window title, write the
// clipboard (OSC 52) or hide lines. Every front end passes such text through here before printing.

/** Controls that move the cursor, start sequences or reorder text; tab and newline are left alone. */
const CONTROL = /\r\n|[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/** The sequences Falcon's own styling writes: SGR colours, and OSC 8 links whose target holds no control. */
const OWN_STYLING = /(\u001B\[[0-9;:]*m|\u001B\]8;[^\u0000-\u001F\u007F-\u009F]*;[^\u0000-\u001F\u007F-\u009F]*(?:\u0007|\u001B\\))/;

const JSON_UNSAFE = /[\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/**
 * `text` with every control character made visible: ESC as `␛` (so `ESC]0;x BEL` reads `␛]0;x^G`),
 * a C1 control as `␛` and its 7-bit form (U+009B, the 8-bit CSI, reads `␛[`), other C0 controls and
 * DEL in caret notation (`^G`, `^M`, `^?`), bidirectional overrides and isolates as `<U+202E>`.
 * A CR before a newline is dropped (a CRLF line ending hides nothing). Idempotent.
 */
export function terminalSafeText(text: string): string {
  return text.replace(CONTROL, visibleControl);
}

/** A copy of `value` with every string in it, object keys included, made terminal-safe. */
export function terminalSafeValue<T>(value: T): T {
  if (typeof value === 'string') return terminalSafeText(value) as T;
  if (Array.isArray(value)) return value.map(terminalSafeValue) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [terminalSafeText(key), terminalSafeValue(item)])) as T;
  }
  return value;
}

/**
 * JSON that a terminal shows as it is: JSON.stringify already escapes C0 controls, and here DEL, C1
 * controls, line separators and bidi controls are escaped too (`\u009b`). Parses to the same value.
 */
export function terminalSafeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, (char) => `\\u${codeOf(char).toLowerCase()}`);
}

/**
 * Terminal output Falcon styled itself (a Markdown renderer's), kept only to its colours and links:
 * any other control is made visible, so a renderer that decodes its input cannot slip one through.
 */
export function terminalSafeStyled(styled: string): string {
  return styled
    .split(OWN_STYLING)
    .map((part, index) => (index % 2 === 1 ? part : terminalSafeText(part)))
    .join('');
}

function visibleControl(char: string): string {
  if (char === '\r\n') return '\n';
  const code = char.charCodeAt(0);
  if (code === 0x1b) return '␛';
  if (code === 0x7f) return '^?';
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code <= 0x9f) return `␛${String.fromCharCode(code - 0x40)}`;
  return `<U+${codeOf(char)}>`;
}

function codeOf(char: string): string {
  return char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}
