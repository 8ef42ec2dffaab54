import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveInsideProject } from '../../src/safety/project-path.js';
import { type TempProject, createTempProject } from '../tools/temp-project.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

describe('resolveInsideProject', () => {
  it('gives the real absolute path and the path from the root', async () => {
    await project.write('src/app.ts', '');
    expect(await resolveInsideProject(project.root, './src//app.ts')).toEqual({
      absolute: path.join(project.root, 'src', 'app.ts'),
      relative: 'src/app.ts',
    });
    expect(await resolveInsideProject(project.root, '')).toEqual({ absolute: project.root, relative: '.' });
    expect((await resolveInsideProject(project.root, 'src/../src')).relative).toBe('src');
  });

  it('accepts a missing path only for writing, checked through its nearest existing ancestor', async () => {
    await expect(resolveInsideProject(project.root, 'new/deep/file.ts')).rejects.toThrow('no such file: new/deep/file.ts');
    expect(await resolveInsideProject(project.root, 'new/deep/file.ts', { forWrite: true })).toEqual({
      absolute: path.join(project.root, 'new', 'deep', 'file.ts'),
      relative: 'new/deep/file.ts',
    });
    await symlink(project.outside, path.join(project.root, 'out'));
    await expect(resolveInsideProject(project.root, 'out/new/file.ts', { forWrite: true })).rejects.toThrow(
      'path leaves the project through a symlink: out/new/file.ts',
    );
  });

  it('follows chains of dangling symlinks and stops at loops', async () => {
    await symlink('second', path.join(project.root, 'first'));
    await symlink('../outside/planted', path.join(project.root, 'second'));
    await expect(resolveInsideProject(project.root, 'first', { forWrite: true })).rejects.toThrow('leaves the project');
    await symlink('loop-b', path.join(project.root, 'loop-a'));
    await symlink('loop-a', path.join(project.root, 'loop-b'));
    await expect(resolveInsideProject(project.root, 'loop-a', { forWrite: true })).rejects.toThrow('too many levels of symlinks: loop-a');
  });

  it('works when the given root is reached through a symlink', async () => {
    const alias = path.join(project.outside, 'alias');
    await symlink(project.root, alias);
    await project.write('a.txt', '');
    expect(await resolveInsideProject(alias, 'a.txt')).toEqual({ absolute: path.join(project.root, 'a.txt'), relative: 'a.txt' });
    expect((await resolveInsideProject(alias, path.join(alias, 'a.txt'))).relative).toBe('a.txt');
  });

  it('refuses .. that climbs above the root even when the path comes back in', async () => {
    await project.write('a.txt', '');
    await expect(resolveInsideProject(project.root, '../project/a.txt')).rejects.toThrow('path escapes the project: ../project/a.txt');
    await expect(resolveInsideProject(project.root, 'src/../../project/a.txt')).rejects.toThrow('path escapes the project');
    await expect(resolveInsideProject(project.root, `${project.root}/../project/a.txt`)).rejects.toThrow('path escapes the project');
  });

  it('reads a backslash as a folder separator', async () => {
    await project.write('src/app.ts', '');
    expect((await resolveInsideProject(project.root, 'src\\app.ts')).relative).toBe('src/app.ts');
    await expect(resolveInsideProject(project.root, '..\\outside\\secret.txt')).rejects.toThrow('path escapes the project');
  });

  it.each([
    ['%2e%2e/outside', 'percent-encoded dots or slashes'],
    ['..%2F..%2Fetc', 'percent-encoded dots or slashes'],
    ['%c0%ae%c0%ae/outside', 'percent-encoded dots or slashes'],
    ['%e0%80%ae%e0%80%ae/outside', 'percent-encoded dots or slashes'],
    ['\uff0e\uff0e/outside', 'stands for a dot or a slash'],
    ['..\uff0foutside', 'stands for a dot or a slash'],
    ['\u2025/outside', 'stands for a dot or a slash'],
    ['.. /outside', 'a name made only of dots and spaces'],
    ['.../outside', 'a name made only of dots and spaces'],
    ['src/. ', 'a name made only of dots and spaces'],
    [`${'a'.repeat(256)}.txt`, 'a name longer than 255 bytes'],
    [`${'abc/'.repeat(1100)}x`, 'longer than 4096 characters'],
  ])('refuses the disguised path %j', async (attack, message) => {
    await expect(resolveInsideProject(project.root, attack, { forWrite: true })).rejects.toThrow(message);
  });

  it('accepts ordinary names with dots, spaces, percent signs and non-ASCII letters', async () => {
    for (const name of ['.env', 'file..bak', 'My Notes.md', '100%.txt', 'café/naïve.ts', 'a.b.c']) {
      expect((await resolveInsideProject(project.root, name, { forWrite: true })).relative).toBe(name);
    }
  });
});
