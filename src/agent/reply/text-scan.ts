// Character-level scanning shared by the call readers: one linear pass each, as replies can be 100 KB.

const CLOSER: Record<string, string> = { '{': '}', '[': ']', '(': ')' };
// A single quote opens a string only where a value or key can start, so apostrophes in bare words do not.
const STARTS_VALUE = new Set(['', '{', '[', '(', ',', ':', '=']);
const LITERAL_BREAK = new Set(['n', 'r', 't']);

export function skipSpaces(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}

export function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text[i] ?? '')) i++;
  return i;
}

/** Past whitespace and the two-character `\n`, `\r`, `\t` some models write between tokens instead of a line break. */
export function skipBlank(text: string, from: number): number {
  let i = skipWhitespace(text, from);
  while (text[i] === '\\' && LITERAL_BREAK.has(text[i + 1] ?? '')) i = skipWhitespace(text, i + 2);
  return i;
}

/**
 * The text with each two-character `\n`, `\r` or `\t` outside strings made a space: Qwen and others
 * write them between JSON tokens (`"view_range": \n[1, 2]\n}`), where JSON allows no backslash.
 */
export function literalBreaksAsSpaces(text: string): string {
  let out = '';
  let copied = 0;
  for (const visit of outsideStrings(text, 0, '')) {
    if (!visit) break;
    if (visit.ch === '\\' && LITERAL_BREAK.has(text[visit.at + 1] ?? '')) {
      out += `${text.slice(copied, visit.at)}  `;
      copied = visit.at + 2;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Past a Markdown fence opener (```json) at `from` and the whitespace after it; `from` when there is none. */
export function skipFenceOpener(text: string, from: number): number {
  if (!text.startsWith('```', from)) return from;
  let i = from + 3;
  while (i < text.length && /[\w-]/.test(text[i] ?? '')) i++;
  return skipWhitespace(text, i);
}

export function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/**
 * Index just past the bracket that closes the `{`, `[` or `(` at `start`, or -1 when it never closes or
 * a closer of the wrong kind comes first. Brackets inside strings do not count: "…" and '…' with
 * escapes, and Python's triple-quoted strings.
 */
export function findClosingBracket(text: string, start: number): number {
  if (!CLOSER[text[start] ?? '']) return -1;
  const expected: string[] = [];
  for (const visit of outsideStrings(text, start, '')) {
    if (!visit) return -1;
    const closer = CLOSER[visit.ch];
    if (closer) expected.push(closer);
    else if (isCloser(visit.ch)) {
      if (expected.pop() !== visit.ch) return -1;
      if (expected.length === 0) return visit.at + 1;
    }
  }
  return -1;
}

/**
 * Index of the first `,` at depth 0 from `start` (outside strings and brackets), or the end of `text`.
 * -1 when a string or bracket is left open.
 */
export function findTopLevelComma(text: string, start: number): number {
  let depth = 0;
  for (const visit of outsideStrings(text, start, '=')) {
    if (!visit) return -1;
    if (visit.ch === ',' && depth === 0) return visit.at;
    if (CLOSER[visit.ch]) depth++;
    else if (isCloser(visit.ch)) depth--;
  }
  return depth === 0 ? text.length : -1;
}

/** How many brackets are open at most at once, outside strings; up to where a string is left open. */
export function deepestNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (const visit of outsideStrings(text, 0, '')) {
    if (!visit) break;
    if (CLOSER[visit.ch]) deepest = Math.max(deepest, ++depth);
    else if (isCloser(visit.ch)) depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/**
 * The characters from `start` that lie outside strings, with their index; null, and the end, when a
 * string never closes. A `'` opens a string only where a value may start (after `before` or the last
 * character that is not a space), so apostrophes in prose do not.
 */
function* outsideStrings(text: string, start: number, before: string): Generator<{ ch: string; at: number } | null> {
  let last = before;
  for (let i = start; i < text.length; i++) {
    const ch = text[i] ?? '';
    if (ch === '"' || (ch === "'" && STARTS_VALUE.has(last))) {
      i = skipString(text, i);
      if (i < 0) {
        yield null;
        return;
      }
      last = ch;
      continue;
    }
    yield { ch, at: i };
    if (!isSpace(ch)) last = ch;
  }
}

function isCloser(ch: string): boolean {
  return ch === '}' || ch === ']' || ch === ')';
}

/** Index of the closing quote of the string that opens at `start`, or -1. */
function skipString(text: string, start: number): number {
  const quote = text[start] ?? '';
  const triple = quote.repeat(3);
  if (text.startsWith(triple, start)) {
    const end = text.indexOf(triple, start + 3);
    return end < 0 ? -1 : end + 2;
  }
  for (let i = start + 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === quote) return i;
  }
  return -1;
}

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r';
}
