import { randomBytes } from 'node:crypto';
import { lstat, readdir, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from './run-git.js';
import type { ShadowRepo } from './shadow-repo.js';

/** What restoring does to one file: write it as the checkpoint has it, or delete it (the checkpoint has none). */
export interface FileRestore {
  path: string;
  action: 'write' | 'delete';
}

/**
 * Brings files back to a checkpoint: deletions first (a file may stand where the checkpoint has a
 * folder), emptied folders removed, then git writes the others from the checkpoint with their modes
 * and links. git never writes through a symbolic link to a folder; a deletion below one is refused too.
 * Returns the paths left alone because a folder on their way is a link.
 */
export async function restoreFiles(repo: ShadowRepo, target: string, changes: readonly FileRestore[]): Promise<string[]> {
  const refused: string[] = [];
  const touched = new Set<string>();
  for (const change of changes.filter((change) => change.action === 'delete')) {
    if (await linkOnTheWay(repo.workTree, change.path)) {
      refused.push(change.path);
      continue;
    }
    const file = path.join(repo.workTree, change.path);
    const info = await lstat(file).catch(() => undefined);
    if (info && !info.isDirectory()) await rm(file, { force: true });
    touched.add(path.dirname(file));
  }
  for (const folder of [...touched].sort((a, b) => b.length - a.length)) await removeEmptyFolders(repo.workTree, folder);
  const writes = changes.filter((change) => change.action === 'write').map((change) => change.path);
  if (writes.length) await checkoutFrom(repo, target, writes);
  return refused;
}

/** Writes `paths` as the checkpoint holds them, through an index of its own (the shadow's own stays as it was). */
async function checkoutFrom(repo: ShadowRepo, target: string, paths: readonly string[]): Promise<void> {
  const indexFile = path.join(repo.folder, `restore-${randomBytes(4).toString('hex')}.index`);
  try {
    await runGit(repo, ['read-tree', target], { indexFile });
    await runGit(repo, ['checkout-index', '-f', '-z', '--stdin'], { indexFile, input: paths.join('\0') });
  } finally {
    await rm(indexFile, { force: true });
  }
}

async function linkOnTheWay(root: string, relative: string): Promise<boolean> {
  const parts = relative.split('/').slice(0, -1);
  let folder = root;
  for (const part of parts) {
    folder = path.join(folder, part);
    const info = await lstat(folder).catch(() => undefined);
    if (!info) return false;
    if (info.isSymbolicLink()) return true;
  }
  return false;
}

/** Removes `folder` and the folders above it that are left empty, up to (never including) the project root. */
async function removeEmptyFolders(root: string, folder: string): Promise<void> {
  for (let current = folder; current !== root && current.startsWith(root + path.sep); current = path.dirname(current)) {
    const entries = await readdir(current).catch(() => undefined);
    if (!entries || entries.length > 0) return;
    await rmdir(current).catch(() => undefined);
  }
}
