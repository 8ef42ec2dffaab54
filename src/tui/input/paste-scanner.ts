export const PASTE_START = '\x1b[200~';
export const PASTE_END = '\x1b[201~';

/** A stretch of the terminal's input: typed keys, or the text of one bracketed paste. */
export type InputPart = { kind: 'typed'; text: string } | { kind: 'paste'; text: string };

/**
 * Tells bracketed pastes (ESC[200~ … ESC[201~) from typed input, read by read: a marker may be cut
 * in two by the end of a read, and a long paste spans many reads.
 */
export class PasteScanner {
  /** Typed input at the end of the last read that may be the start of a paste marker. */
  private partialMarker = '';
  /** The paste read so far; undefined outside a paste. */
  private paste: string | undefined;

  /** What waits for more input: the start of a marker, or a paste whose end has not come. */
  get waiting(): 'marker' | 'paste' | undefined {
    if (this.paste !== undefined) return 'paste';
    return this.partialMarker ? 'marker' : undefined;
  }

  push(chunk: string): InputPart[] {
    const parts: InputPart[] = [];
    let rest = this.partialMarker + chunk;
    this.partialMarker = '';
    while (rest) {
      if (this.paste !== undefined) {
        // The end marker may have begun in the previous read: look from a marker's length back.
        const from = Math.max(0, this.paste.length - PASTE_END.length + 1);
        const pasted = this.paste + rest;
        const end = pasted.indexOf(PASTE_END, from);
        if (end === -1) {
          this.paste = pasted;
          break;
        }
        if (end > 0) parts.push({ kind: 'paste', text: pasted.slice(0, end) });
        this.paste = undefined;
        rest = pasted.slice(end + PASTE_END.length);
        continue;
      }
      const start = rest.indexOf(PASTE_START);
      if (start === -1) {
        const kept = partialMarkerLength(rest);
        typed(parts, rest.slice(0, rest.length - kept));
        this.partialMarker = rest.slice(rest.length - kept);
        break;
      }
      typed(parts, rest.slice(0, start));
      this.paste = '';
      rest = rest.slice(start + PASTE_START.length);
    }
    return parts;
  }

  /**
   * Stops waiting: the start of a marker that was not completed is typed input after all (a lone Esc),
   * and a paste whose end never came is taken as it is.
   */
  flush(): InputPart[] {
    const parts: InputPart[] = [];
    if (this.paste) parts.push({ kind: 'paste', text: this.paste });
    typed(parts, this.partialMarker);
    this.paste = undefined;
    this.partialMarker = '';
    return parts;
  }
}

function typed(parts: InputPart[], text: string): void {
  if (text) parts.push({ kind: 'typed', text });
}

/** How many characters at the end of `text` could begin a paste marker (ESC, ESC[, ESC[2, …). */
function partialMarkerLength(text: string): number {
  for (let length = Math.min(text.length, PASTE_START.length - 1); length > 0; length--) {
    if (text.endsWith(PASTE_START.slice(0, length))) return length;
  }
  return 0;
}
