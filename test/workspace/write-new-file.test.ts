import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeNewFile } from '../../src/workspace/write-new-file.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'falcon-write-new-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe('writeNewFile', () => {
  it('creates a missing file and leaves no temporary file behind', async () => {
    expect(await writeNewFile(path.join(folder, 'notes.md'), '# notes\n')).toBe(true);
    expect(await readFile(path.join(folder, 'notes.md'), 'utf8')).toBe('# notes\n');
    expect(await readdir(folder)).toEqual(['notes.md']);
  });

  it('keeps an existing file as it is', async () => {
    await writeFile(path.join(folder, 'notes.md'), 'mine\n');
    expect(await writeNewFile(path.join(folder, 'notes.md'), 'theirs\n')).toBe(false);
    expect(await readFile(path.join(folder, 'notes.md'), 'utf8')).toBe('mine\n');
  });

  it('never writes through a symlink, not even a dangling one', async () => {
    await symlink(path.join(folder, 'elsewhere.md'), path.join(folder, 'link.md'));
    expect(await writeNewFile(path.join(folder, 'link.md'), 'content\n')).toBe(false);
    expect((await readdir(folder)).sort()).toEqual(['link.md']);
  });

  it('creates each file once when several writers race', async () => {
    const file = path.join(folder, 'config.yaml');
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((writer) => writeNewFile(file, `${writer}\n`)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await readdir(folder)).toEqual(['config.yaml']);
  });
});
