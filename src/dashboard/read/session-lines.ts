import { open } from 'node:fs/promises';

/** A whole line of a session file and the byte offset right after its newline. */
export interface SessionLine {
  text: string;
  end: number;
}

export interface SessionLines {
  lines: SessionLine[];
  /** Where the next read starts: after the last newline read; a line still being written waits for it. */
  offset: number;
}

/** A read takes the file this much at a time. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The complete lines of `file` from byte `offset` on (a line without its newline yet is left for
 * the next read), or `undefined` when there is no such file. Offsets count bytes, so a reader can
 * go on from where it stopped however the file grows.
 */
export async function readSessionLines(file: string, offset = 0): Promise<SessionLines | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const chunks: Buffer[] = [];
    let position = offset;
    for (;;) {
      const buffer = Buffer.alloc(CHUNK_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      position += bytesRead;
    }
    const read = Buffer.concat(chunks);
    const lines: SessionLine[] = [];
    let start = 0;
    for (let newline = read.indexOf(0x0a); newline !== -1; newline = read.indexOf(0x0a, start)) {
      const text = read.subarray(start, newline).toString('utf8');
      start = newline + 1;
      if (text.trim() !== '') lines.push({ text, end: offset + start });
    }
    return { lines, offset: offset + start };
  } finally {
    await handle.close();
  }
}
