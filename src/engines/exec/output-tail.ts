import { stripVTControlCharacters } from 'node:util';

export const TAIL_MAX_LINES = 200;
export const TAIL_MAX_BYTES = 16 * 1024;
/** Raw bytes kept: more than the tail needs, so that cutting it never depends on one chunk. */
const KEPT_BYTES = 4 * TAIL_MAX_BYTES;

export interface OutputTailText {
  /** The last lines, colours and cursor codes removed. */
  text: string;
  /** Lines before `text` that are not shown. */
  omittedLines: number;
}

/** Keeps the end of a command's output, whatever its length, and counts what came before. */
export class OutputTail {
  private chunks: Buffer[] = [];
  private kept = 0;
  private dropped = false;
  private newlines = 0;
  private lastByte = 0x0a;

  push(chunk: Buffer): void {
    for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, i + 1)) this.newlines++;
    if (chunk.length > 0) this.lastByte = chunk[chunk.length - 1] as number;
    this.chunks.push(chunk);
    this.kept += chunk.length;
    while (this.kept - (this.chunks[0]?.length ?? 0) >= KEPT_BYTES) {
      this.kept -= (this.chunks.shift() as Buffer).length;
      this.dropped = true;
    }
  }

  tail(): OutputTailText {
    const totalLines = this.newlines + (this.lastByte === 0x0a ? 0 : 1);
    let lines = toLines(Buffer.concat(this.chunks).toString('utf8'));
    // The first line kept lost its beginning with the bytes dropped: show the next ones, or its end.
    let firstLineCut = this.dropped;
    if (firstLineCut && lines.length > 1) {
      lines = lines.slice(1);
      firstLineCut = false;
    }
    lines = lines.slice(-TAIL_MAX_LINES);
    let bytes = lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
    while (bytes > TAIL_MAX_BYTES && lines.length > 1) {
      bytes -= Buffer.byteLength(lines.shift() as string) + 1;
      firstLineCut = false;
    }
    if (bytes > TAIL_MAX_BYTES) {
      lines = [(lines[0] as string).slice(-TAIL_MAX_BYTES / 2)];
      firstLineCut = true;
    }
    if (firstLineCut && lines.length > 0) lines[0] = `…${lines[0] as string}`;
    return { text: lines.join('\n'), omittedLines: Math.max(0, totalLines - lines.length) };
  }
}

/** Lines as a terminal would leave them: `\r` redraws (progress bars) keep only their last state. */
function toLines(text: string): string[] {
  const lines = stripVTControlCharacters(text)
    .replaceAll('\r\n', '\n')
    .split('\n')
    .map((line) => line.slice(line.lastIndexOf('\r') + 1));
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
