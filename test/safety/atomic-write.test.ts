import { chmod, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceFile, writeNewFile } from '../../src/safety/atomic-write.js';
import { requirePlatform } from '../support/required-tools.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'falcon-atomic-write-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('replaceFile', () => {
  it('creates a file and its folders, leaving no temporary file behind', async () => {
    const file = path.join(folder, 'a', 'b', 'notes.md');
    await replaceFile(file, '# notes\n');
    expect(await readFile(file, 'utf8')).toBe('# notes\n');
    expect(await readdir(path.dirname(file))).toEqual(['notes.md']);
  });

  it('replaces a file whole and keeps its mode', requirePlatform('posix', 'POSIX file modes'), async () => {
    const file = path.join(folder, 'run.sh');
    await writeFile(file, 'old\n');
    await chmod(file, 0o751);
    await replaceFile(file, 'new\n');
    expect(await readFile(file, 'utf8')).toBe('new\n');
    expect(await modeOf(file)).toBe(0o751);
    expect(await readdir(folder)).toEqual(['run.sh']);
  });

  it('makes a private file 0600, new or not', requirePlatform('posix', 'POSIX file modes'), async () => {
    const created = path.join(folder, 'memory.json');
    await replaceFile(created, '{}\n', { private: true });
    expect(await modeOf(created)).toBe(0o600);
    const opened = path.join(folder, 'config.yaml');
    await writeFile(opened, 'key: old\n', { mode: 0o644 });
    await replaceFile(opened, 'key: new\n', { private: true });
    expect(await modeOf(opened)).toBe(0o600);
  });
});

describe('writeNewFile', () => {
  it('creates a missing file and its folders, and leaves no temporary file behind', async () => {
    expect(await writeNewFile(path.join(folder, 'tests', 'notes.md'), '# notes\n')).toBe(true);
    expect(await readFile(path.join(folder, 'tests', 'notes.md'), 'utf8')).toBe('# notes\n');
    expect(await readdir(path.join(folder, 'tests'))).toEqual(['notes.md']);
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
