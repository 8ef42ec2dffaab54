/**
 * A file path as Falcon lists it, one path per line, each readable and unambiguous: valid UTF-8 is
 * shown as it is, except what would break the line, hide itself or pass for something else —
 * `\n`, `\r`, `\t`, other control bytes and bytes that are not UTF-8 as `\xNN` (that byte), C1
 * controls and invisible or bidirectional characters as `\u{XXXX}` (that code point), and `\` as
 * `\\`, so that no name can pass for another's escape. Given a string, its UTF-8 bytes are shown;
 * given the bytes of a name the file system holds (which need not be UTF-8), those.
 */
export function shownPath(path: string | Buffer): string {
  if (typeof path === 'string' && !NEEDS_ESCAPE.test(path)) return path;
  const bytes = typeof path === 'string' ? Buffer.from(path, 'utf8') : path;
  let shown = '';
  let at = 0;
  while (at < bytes.length) {
    const decoded = decodeAt(bytes, at);
    if (decoded === undefined) {
      shown += byteEscape(bytes[at]!);
      at++;
      continue;
    }
    shown += shownCodePoint(decoded.codePoint);
    at += decoded.length;
  }
  return shown;
}

/** Whether a path is shown as it is (nothing in it needs an escape). */
export function isPlainPath(path: string): boolean {
  return shownPath(path) === path;
}

/** What shownCodePoint escapes, as one test: most paths hold none of it and are shown at once. */
const NEEDS_ESCAPE = /[\x00-\x1f\x7f-\x9f\\\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

const NAMED: Record<number, string> = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r', 0x5c: '\\\\' };

function shownCodePoint(codePoint: number): string {
  const named = NAMED[codePoint];
  if (named) return named;
  if (codePoint < 0x20 || codePoint === 0x7f) return byteEscape(codePoint);
  if (isHidden(codePoint)) return `\\u{${codePoint.toString(16).padStart(4, '0')}}`;
  return String.fromCodePoint(codePoint);
}

/** C1 controls, zero-width and bidirectional marks, line and paragraph separators, the BOM. */
function isHidden(codePoint: number): boolean {
  return (
    (codePoint >= 0x80 && codePoint <= 0x9f) ||
    codePoint === 0xad ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x2028 && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x2069) ||
    codePoint === 0xfeff
  );
}

function byteEscape(byte: number): string {
  return `\\x${byte.toString(16).padStart(2, '0')}`;
}

/** The well-formed UTF-8 sequence at `at` (no overlong forms, no surrogates, at most U+10FFFF), or undefined. */
function decodeAt(bytes: Buffer, at: number): { codePoint: number; length: number } | undefined {
  const lead = bytes[at]!;
  if (lead < 0x80) return { codePoint: lead, length: 1 };
  const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || at + length > bytes.length) return undefined;
  let codePoint = lead & (0xff >> (length + 1));
  for (let i = 1; i < length; i++) {
    const next = bytes[at + i]!;
    if ((next & 0xc0) !== 0x80) return undefined;
    codePoint = (codePoint << 6) | (next & 0x3f);
  }
  const smallest = [0, 0, 0x80, 0x800, 0x10000][length]!;
  if (codePoint < smallest || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return undefined;
  return { codePoint, length };
}
