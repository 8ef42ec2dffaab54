import { appendFile, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MOST_READ_BYTES, readSessionLines } from '../../../src/dashboard/read/session-lines.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'falcon-session-lines-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('readSessionLines, against hostile files', () => {
  it('reads no link: a session file linked to a file elsewhere or to a device is no session', async () => {
    const outside = path.join(folder, 'other-project-session.jsonl');
    await writeFile(outside, '{"kind":"message","role":"user","content":"not this project"}\n');
    await symlink(outside, path.join(folder, 'linked.jsonl'));
    expect(await readSessionLines(path.join(folder, 'linked.jsonl'))).toBeUndefined();
    // Read whole, /dev/zero would never end.
    await symlink('/dev/zero', path.join(folder, 'zero.jsonl'));
    expect(await readSessionLines(path.join(folder, 'zero.jsonl'))).toBeUndefined();
  });

  it('reads at most MOST_READ_BYTES at once: the page of a huge file gets its end, the feed the rest a window at a time', async () => {
    const file = path.join(folder, 'huge.jsonl');
    // Eight windows of zeros, sparse: a file read whole for a page would take all of it in memory.
    const zeros = 8 * MOST_READ_BYTES;
    await writeFile(file, '');
    await truncate(file, zeros);
    await appendFile(file, '\n{"last":1}\n');
    const size = zeros + 12;
    const end = await readSessionLines(file, 0, { fromEnd: true });
    expect(end).toEqual({ lines: [{ text: '{"last":1}', end: size }], offset: size, skipped: size - 11 });

    // The feed from the start: the zeros are one line, given cut to a window.
    const window = await readSessionLines(file, 0);
    expect(window!.lines.map((line) => [line.text.length, line.end])).toEqual([[MOST_READ_BYTES, size - 11]]);
  });

  it('gives a line longer than a window as one line, cut, and goes on after it', async () => {
    const file = path.join(folder, 'long.jsonl');
    await writeFile(file, `${'x'.repeat(MOST_READ_BYTES + 10)}\n{"b":2}\n`);
    const first = await readSessionLines(file, 0);
    expect(first!.lines).toHaveLength(1);
    expect(first!.lines[0]!.text.length).toBe(MOST_READ_BYTES);
    expect(first!.offset).toBe(MOST_READ_BYTES + 11);
    expect((await readSessionLines(file, first!.offset))!.lines).toEqual([{ text: '{"b":2}', end: MOST_READ_BYTES + 19 }]);
  });

  it('waits for a long line still being written', async () => {
    const file = path.join(folder, 'writing.jsonl');
    await writeFile(file, 'y'.repeat(MOST_READ_BYTES + 10));
    expect(await readSessionLines(file, 0)).toEqual({ lines: [], offset: 0 });
  });
});
