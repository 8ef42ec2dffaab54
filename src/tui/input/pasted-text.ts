// A long paste stands in the draft as one character, shown as `[pasted 120 lines]` and sent whole:
// the box stays small, the user can still type before and after it, and Backspace removes it at once.

/** A paste longer than this (in lines or characters) is folded. */
const FOLDED_LINES = 10;
const FOLDED_CHARS = 1000;

/** Folded pastes are characters of Unicode's Supplementary Private Use Area-B, which no keyboard or icon font sends. */
const FIRST_MARKER = 0x100000;
const MARKER = /[\u{100000}-\u{10fffd}]/gu;

/** Pasted text as the draft takes it: newlines as `\n`, and no escape sequences or control characters but Tab. */
export function cleanPaste(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
}

export function isLongPaste(text: string): boolean {
  return text.length > FOLDED_CHARS || lineCount(text) > FOLDED_LINES;
}

/** The character that stands for the paste at `index` of the draft's pastes. */
export function pasteMarker(index: number): string {
  return String.fromCodePoint(FIRST_MARKER + index);
}

/** The draft as it is sent: each folded paste in full. */
export function unfoldPastes(text: string, pastes: readonly string[]): string {
  return text.replace(MARKER, (marker) => pastes[markerIndex(marker)] ?? marker);
}

/** The draft as it is shown: each folded paste as `[pasted 120 lines]`. */
export function showPastes(text: string, pastes: readonly string[]): string {
  return text.replace(MARKER, (marker) => {
    const paste = pastes[markerIndex(marker)];
    return paste === undefined ? marker : pasteLabel(paste);
  });
}

function pasteLabel(text: string): string {
  const lines = lineCount(text);
  return lines > 1 ? `[pasted ${lines} lines]` : `[pasted ${text.length} characters]`;
}

function markerIndex(marker: string): number {
  return (marker.codePointAt(0) as number) - FIRST_MARKER;
}

/** Lines of the text; a newline at its very end starts none. */
function lineCount(text: string): number {
  return text.replace(/\n$/, '').split('\n').length;
}
