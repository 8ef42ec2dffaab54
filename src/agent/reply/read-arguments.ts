// Finds where a call's arguments are written and reads them: in parentheses, or JSON after the name.
import { example, notClosed, type ArgsResult } from './call-site.js';
import { isKeywordArguments, readKeywordArguments } from './keyword-arguments.js';
import { parseArguments } from './parse-arguments.js';
import { findClosingBracket, lineEnd, skipBlank, skipFenceOpener, skipSpaces, skipWhitespace } from './text-scan.js';

const TRAILING_FENCE = /`{3}\s*$/;

/** The arguments between the `(` at `openParen` and its `)`: JSON (fenced or not), Python keywords, or nothing. */
export function readParenArguments(text: string, openParen: number, name: string): ArgsResult {
  let start = skipWhitespace(text, openParen + 1);
  if (text[start] === ')') return { ok: true, args: {} };
  start = skipFenceOpener(text, start);
  const first = text[start];
  if (first === '{' || first === '[') return readBracketed(text, start, name, true);

  const close = first === undefined ? -1 : findClosingBracket(text, openParen);
  if (close < 0) return { ok: false, problem: `the arguments are not closed: expected ${example(name)}` };
  const inner = text
    .slice(start, close - 1)
    .replace(TRAILING_FENCE, '')
    .trim();
  return isKeywordArguments(inner) ? readKeywordArguments(inner, name) : parseArguments(inner, name);
}

/**
 * A JSON object that starts at `from` (after spaces) or on a following line, in a code fence or not.
 * Undefined when something else comes first.
 */
export function readJsonAfter(text: string, from: number, name: string): ArgsResult | undefined {
  let start = skipSpaces(text, from);
  if (text[start] === '\n' || text[start] === '\\') start = skipBlank(text, start);
  start = skipFenceOpener(text, start);
  const first = text[start];
  if (first !== '{' && first !== '[') return undefined;
  return readBracketed(text, start, name, false);
}

function readBracketed(text: string, start: number, name: string, insideParens: boolean): ArgsResult {
  const end = findClosingBracket(text, start);
  if (end < 0) return notClosed(name);
  const trailing = insideParens ? unexpectedTextAfter(text, end) : undefined;
  if (trailing) {
    return {
      ok: false,
      problem: `unexpected text "${trailing}" after the JSON object; expected ")". ` + `Arguments must be one JSON object, e.g. ${example(name)}`,
    };
  }
  return parseArguments(text.slice(start, end), name);
}

/**
 * What follows the JSON on its line, if it is not the closing `)`. A missing `)` is tolerated
 * (line end, end of reply, a closing fence / inline-code backtick, or the `>` of `<ACTION: …>`).
 */
function unexpectedTextAfter(text: string, end: number): string | undefined {
  const rest = text.slice(end, lineEnd(text, end)).trim();
  if (rest === '' || rest.startsWith(')') || rest.startsWith('`') || rest.startsWith('>')) return undefined;
  return rest.length > 20 ? `${rest.slice(0, 20)}…` : rest;
}
