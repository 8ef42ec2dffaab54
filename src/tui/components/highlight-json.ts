import chalk from 'chalk';
import { terminalSafeJson } from '../../safety/terminal-text.js';
import { palette } from '../theme.js';

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g;

/**
 * `text` pretty-printed with keys, strings, numbers and literals in distinct colours, or undefined
 * when it is not JSON. Unless `format` says JSON, only an object or an array counts
 * (a bare `42` or `"ok"` reads better as the text it is).
 */
export function highlightJson(text: string, format: 'json' | 'auto'): string | undefined {
  const trimmed = text.trim();
  if (format === 'auto' && !/^[[{]/.test(trimmed)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  // Parsing decodes `\u009b` in a string into the 8-bit CSI itself: print it escaped again.
  return terminalSafeJson(value, 2).replace(TOKEN, colourToken);
}

function colourToken(match: string, string?: string, colon?: string, number?: string, literal?: string): string {
  if (string !== undefined) {
    return colon === undefined ? chalk[palette.jsonString](string) : chalk[palette.jsonKey](string) + colon;
  }
  if (number !== undefined) return chalk[palette.jsonNumber](number);
  if (literal !== undefined) return chalk[palette.jsonLiteral](literal);
  return match;
}
