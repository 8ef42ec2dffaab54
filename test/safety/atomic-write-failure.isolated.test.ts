import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replaceFile, writeNewFile } from '../../src/safety/atomic-write.js';

// The disk fails after the temporary file is open: its content is never complete.
const failing = vi.hoisted(() => ({ sync: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    open: async (...args: Parameters<typeof actual.open>) => {
      const handle = await actual.open(...args);
      if (failing.sync) handle.sync = () => Promise.reject(Object.assign(new Error('disk gone'), { code: 'EIO' }));
      return handle;
    },
  };
});

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'falcon-atomic-failure-'));
  failing.sync = true;
});
afterEach(async () => {
  failing.sync = false;
  await rm(folder, { recursive: true, force: true });
});

describe('a write that cannot finish', () => {
  it('leaves the file being replaced byte for byte, with its mode, and no temporary file', async () => {
    const file = path.join(folder, 'memory.json');
    await writeFile(file, '{"facts": ["mine"]}\n', { mode: 0o640 });
    const before = await readFile(file);
    const mode = (await stat(file)).mode;

    await expect(replaceFile(file, '{"facts": []}\n')).rejects.toThrow('disk gone');
    await expect(replaceFile(file, '{"facts": []}\n', { private: true })).rejects.toThrow('disk gone');

    expect((await readFile(file)).equals(before)).toBe(true);
    expect((await stat(file)).mode).toBe(mode);
    expect(await readdir(folder)).toEqual(['memory.json']);
  });

  it('creates no file, not even an empty one, when it was to be new', async () => {
    await expect(writeNewFile(path.join(folder, 'users.test.ts'), 'test\n')).rejects.toThrow('disk gone');
    expect(await readdir(folder)).toEqual([]);
  });
});
