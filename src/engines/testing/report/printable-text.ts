import { terminalSafeText } from '../../../safety/terminal-text.js';

// XML 1.0 forbids most C0 controls, lone surrogates and U+FFFE/U+FFFF even as character references,
// and HTML treats them as parse errors, so a server that returns them must not break a report.
const UNPRINTABLE = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * The text with every control character shown as a terminal shows it (ESC as `␛`, bidi overrides
 * as `<U+202E>`), CR kept for the markup to escape, and any other character a markup document
 * cannot hold replaced by U+FFFD.
 */
export function printableText(text: string): string {
  return text.split('\r').map(terminalSafeText).join('\r').replace(UNPRINTABLE, '\uFFFD');
}
