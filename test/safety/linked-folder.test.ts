import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkedFolderProblem } from '../../src/safety/linked-folder.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-linked-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('linkedFolderProblem', () => {
  it('passes real folders, and folders not made yet', async () => {
    await mkdir(path.join(root, '.falcon', 'sessions'), { recursive: true });
    expect(linkedFolderProblem(root, path.join(root, '.falcon', 'sessions'))).toBeUndefined();
    expect(linkedFolderProblem(root, path.join(root, '.falcon', 'reports', 'deeper'))).toBeUndefined();
  });

  it('names the first link on the way, even one that points inside the root', async () => {
    await mkdir(path.join(root, 'real'));
    await symlink(path.join(root, 'real'), path.join(root, '.falcon'));
    expect(linkedFolderProblem(root, path.join(root, '.falcon', 'sessions'))).toBe(`.falcon/ is a symbolic link (to ${path.join(root, 'real')})`);
  });

  it('names a link deeper down, and a file where a folder should be', async () => {
    await mkdir(path.join(root, '.falcon'));
    await symlink('/tmp', path.join(root, '.falcon', 'sessions'));
    await writeFile(path.join(root, '.falcon', 'reports'), '');
    expect(linkedFolderProblem(root, path.join(root, '.falcon', 'sessions', 'id', 'tasks'))).toBe('.falcon/sessions/ is a symbolic link (to /tmp)');
    expect(linkedFolderProblem(root, path.join(root, '.falcon', 'reports'))).toBe('.falcon/reports/ is not a folder');
  });
});
