import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

/** A whole line of a session file and the byte offset right after its newline. */
export interface SessionLine {
  text: string;
  end: number;
}

export interface SessionLines {
  lines: SessionLine[];
  /** Where the next read starts: after the last newline read; a line still being written waits for it. */
  offset: number;
  /** With `fromEnd`, when the file is longer than a read: the bytes before the first line, not read. */
  skipped?: number;
}

/**
 * The most a read takes: a page of a session file longer than this shows its end, and the live
 * feed goes on a window at a time, so no file is ever held whole in memory.
 */
export const MOST_READ_BYTES = 8 * 1024 * 1024;
const SCAN_BYTES = 64 * 1024;

/**
 * The complete lines of `file` from byte `offset` on, at most MOST_READ_BYTES of them (a line
 * without its newline yet is left for the next read; one longer than a read comes cut, as one
 * line), or `undefined` when there is no such regular file. `fromEnd`: when more than a read
 * follows `offset`, the lines of the file's last MOST_READ_BYTES. Offsets count bytes, so a reader
 * can go on from where it stopped however the file grows.
 */
export async function readSessionLines(file: string, offset = 0, options: { fromEnd?: boolean } = {}): Promise<SessionLines | undefined> {
  const handle = await openSessionFile(file);
  if (!handle) return undefined;
  try {
    const { size } = await handle.stat();
    const start = options.fromEnd && size - offset > MOST_READ_BYTES ? size - MOST_READ_BYTES : offset;
    const read = await readAt(handle, start, Math.min(MOST_READ_BYTES, Math.max(0, size - start)));
    let from = 0;
    if (start > offset) {
      // The window starts inside a line: that line is left out with what came before it.
      const newline = read.indexOf(0x0a);
      if (newline === -1) return { lines: [], offset: start, skipped: start };
      from = newline + 1;
    }
    const skipped = start > offset ? start + from : undefined;
    const lines: SessionLine[] = [];
    for (let newline = read.indexOf(0x0a, from); newline !== -1; newline = read.indexOf(0x0a, from)) {
      const text = read.subarray(from, newline).toString('utf8');
      from = newline + 1;
      if (text.trim() !== '') lines.push({ text, end: start + from });
    }
    if (lines.length === 0 && from === 0 && read.length === MOST_READ_BYTES) {
      const end = await nextNewline(handle, start + read.length);
      if (end !== undefined) return { lines: [{ text: read.toString('utf8'), end: end + 1 }], offset: end + 1 };
    }
    return { lines, offset: start + from, ...(skipped !== undefined && { skipped }) };
  } finally {
    await handle.close();
  }
}

/**
 * A session file opened to read, only when it is a regular file right there: a link (to another
 * project's session, to /dev/zero) or a FIFO (whose open would wait for a writer) is none.
 */
export async function openSessionFile(file: string): Promise<FileHandle | undefined> {
  const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
  const handle = await open(file, flags).catch(() => undefined);
  if (!handle) return undefined;
  const info = await handle.stat().catch(() => undefined);
  if (info?.isFile()) return handle;
  await handle.close();
  return undefined;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Where the next newline at or after `position` is, read a little at a time; `undefined` before there is one. */
async function nextNewline(handle: FileHandle, position: number): Promise<number | undefined> {
  const buffer = Buffer.alloc(SCAN_BYTES);
  for (let at = position; ;) {
    const { bytesRead } = await handle.read(buffer, 0, SCAN_BYTES, at);
    if (bytesRead === 0) return undefined;
    const newline = buffer.subarray(0, bytesRead).indexOf(0x0a);
    if (newline !== -1) return at + newline;
    at += bytesRead;
  }
}
