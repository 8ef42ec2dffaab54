import { closeSync, constants, mkdirSync, openSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { OutputTail } from '../../engines/exec/output-tail.js';

/** Where a reader stopped: the file's bytes and newlines up to there. */
export interface OutputMark {
  bytes: number;
  lines: number;
}

export interface OutputSlice {
  /** The last lines, without escape sequences, masked. */
  text: string;
  /** Lines of the slice before `text`. */
  omittedLines: number;
  /** Where the next read starts. */
  next: OutputMark;
}

export const START_OF_OUTPUT: OutputMark = { bytes: 0, lines: 0 };

/** A line longer than this goes to the file without waiting for its end. */
const MAX_PENDING_CHARS = 8 * 1024;
/** Of what came since a mark, only the end is read back: the rest stays in the file. */
const READ_WINDOW_BYTES = 64 * 1024;
const LAST_LINES_WINDOW_BYTES = 4 * 1024;
const MAX_FILE_BYTES = 50 * 1024 * 1024;
const CUT_OFF_NOTE = `\n[Falcon: the output beyond ${MAX_FILE_BYTES / 1024 / 1024} MB was not saved]\n`;

/**
 * A task's output on disk, whole lines masked on the way (a secret is never cut between two writes),
 * private to the user. In memory only the line being written; everything else is read back from
 * the file, the end of it, masked again with what the session knows by then.
 */
export class TaskOutputFile {
  private readonly fd: number;
  private pending = '';
  private bytes = 0;
  private lines = 0;
  private closed = false;

  constructor(
    readonly file: string,
    private readonly mask: (text: string) => string,
  ) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0), 0o600);
  }

  write(text: string): void {
    if (this.closed) return;
    this.pending += text;
    const end = this.pending.lastIndexOf('\n') + 1;
    if (end > 0) {
      this.append(this.pending.slice(0, end));
      this.pending = this.pending.slice(end);
    }
    if (this.pending.length > MAX_PENDING_CHARS) {
      this.append(this.pending);
      this.pending = '';
    }
  }

  /** Writes the unfinished last line and closes the file. */
  close(): void {
    if (this.closed) return;
    if (this.pending) this.append(this.pending);
    this.pending = '';
    this.closeFile();
  }

  /** The end of what came after `mark`, the unfinished line included (it is read again once whole). */
  async readSince(mark: OutputMark): Promise<OutputSlice> {
    const next = { bytes: this.bytes, lines: this.lines };
    const window = await this.readEnd(mark.bytes, READ_WINDOW_BYTES);
    const { text, omittedLines } = this.tailOf(window);
    const skippedLines = this.lines - mark.lines - countNewlines(window);
    return { text, omittedLines: skippedLines + omittedLines, next };
  }

  /** The last `count` lines of the whole output. */
  async lastLines(count: number): Promise<string> {
    const { text } = this.tailOf(await this.readEnd(0, LAST_LINES_WINDOW_BYTES));
    return text.split('\n').slice(-count).join('\n');
  }

  /** At most `window` bytes from the end of the file, after `from`, starting with a whole line. */
  private async readEnd(from: number, window: number): Promise<Buffer> {
    const start = Math.max(from, this.bytes - window);
    const read = await this.readRange(start, this.bytes);
    // Started inside a line: that line counts as not shown.
    return start > from ? read.subarray(read.indexOf(0x0a) + 1) : read;
  }

  private tailOf(window: Buffer): { text: string; omittedLines: number } {
    const tail = new OutputTail();
    tail.push(window);
    if (this.pending) tail.push(Buffer.from(this.mask(this.pending)));
    const { text, omittedLines } = tail.tail();
    return { text: this.mask(text), omittedLines };
  }

  private append(text: string): void {
    const masked = this.mask(text);
    let chunk = Buffer.from(masked);
    const full = this.bytes + chunk.length > MAX_FILE_BYTES;
    if (full) chunk = Buffer.from(CUT_OFF_NOTE);
    writeSync(this.fd, chunk);
    this.bytes += chunk.length;
    this.lines += countNewlines(chunk);
    if (full) {
      this.pending = '';
      this.closeFile();
    }
  }

  private closeFile(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }

  private async readRange(from: number, to: number): Promise<Buffer> {
    if (to <= from) return Buffer.alloc(0);
    const handle = await open(this.file, 'r');
    try {
      const buffer = Buffer.alloc(to - from);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}

function countNewlines(buffer: Buffer): number {
  let count = 0;
  for (let i = buffer.indexOf(0x0a); i !== -1; i = buffer.indexOf(0x0a, i + 1)) count++;
  return count;
}
