import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { withFileLock } from '../../src/safety/file-lock.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'falcon-lock-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A read-modify-write that yields between its read and its write, as file I/O does. */
async function addKey(file: string, key: string): Promise<void> {
  const data = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as Record<string, boolean>;
  await new Promise((resolve) => setImmediate(resolve));
  await writeFile(file, JSON.stringify({ ...data, [key]: true }));
}

it('keeps every change of updates made at once, and leaves no lock behind', async () => {
  const file = path.join(dir, 'nested', 'state.json');
  const keys = Array.from({ length: 20 }, (_, index) => `key${index}`);
  await Promise.all(keys.map((key) => withFileLock(file, () => addKey(file, key))));
  expect(Object.keys(JSON.parse(await readFile(file, 'utf8')) as object).sort()).toEqual([...keys].sort());
  await expect(readFile(`${file}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
});

it('takes over a stale lock, left by a process that died', async () => {
  const file = path.join(dir, 'state.json');
  await mkdir(`${file}.lock`);
  const longAgo = new Date(Date.now() - 60_000);
  await utimes(`${file}.lock`, longAgo, longAgo);
  await withFileLock(file, () => addKey(file, 'after'));
  expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ after: true });
});

it('releases the lock when the update fails', async () => {
  const file = path.join(dir, 'state.json');
  await expect(withFileLock(file, () => Promise.reject(new Error('broken file')))).rejects.toThrow('broken file');
  await withFileLock(file, () => addKey(file, 'next'));
  expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ next: true });
});
