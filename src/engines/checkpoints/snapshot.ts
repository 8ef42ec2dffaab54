import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { nulFields, runGit } from './run-git.js';
import type { ShadowRepo } from './shadow-repo.js';

/** Files over this size are left out of checkpoints (and the user is told). */
export const LARGE_FILE_BYTES = 10 * 1024 * 1024;

/** What a checkpoint leaves out besides what .gitignore does. */
export interface LeftOut {
  /** Files over 10 MB, project-relative. */
  large: string[];
  /** Folders holding a git repository of their own (`vendor/lib/`). */
  nested: string[];
}

export interface StagedTree extends LeftOut {
  /** The tree of the project's files as they are now. */
  tree: string;
  /** The shadow index's file as `tree` left it: while it stays so, and no file changed, the tree is the same. */
  stamp: string;
}

/**
 * Brings the shadow index up to date with the project's files and writes their tree. Only what changed
 * since the last time is read: git lists the modified, deleted and new files by their stat data (and
 * the untracked cache), and those alone are hashed. Files over 10 MB and nested repositories are
 * left out — a large file git already held is taken out of the index, so no checkpoint claims an old
 * version of it.
 */
export async function stageProject(repo: ShadowRepo, last?: StagedTree): Promise<StagedTree> {
  // -t tags each path: `? ` untracked, `C ` changed, `R ` removed (tracked ones both).
  const listed = nulFields((await runGit(repo, ['ls-files', '-z', '-t', '-m', '-o', '-d', '--exclude-standard'])).stdout);
  const candidates = new Map<string, boolean>();
  for (const entry of listed) {
    const file = entry.slice(2);
    candidates.set(file, (candidates.get(file) ?? false) || entry[0] !== '?');
  }
  const added: string[] = [];
  const untrack: string[] = [];
  const leftOut: LeftOut = { large: [], nested: [] };
  await Promise.all(
    [...candidates].map(async ([file, tracked]) => {
      if (file.endsWith('/')) return leftOut.nested.push(file);
      const info = await lstat(path.join(repo.workTree, file)).catch(() => undefined);
      // Gone since git listed it (another program's temporary file): nothing to take, nothing to name.
      if (!info && !tracked) return;
      if (info?.isFile() && info.size > LARGE_FILE_BYTES) {
        leftOut.large.push(file);
        if (tracked) untrack.push(file);
        return;
      }
      added.push(file);
    }),
  );
  if (last && added.length === 0 && untrack.length === 0 && (await indexStamp(repo)) === last.stamp) return { ...last, ...leftOut };
  if (untrack.length)
    await runGit(repo, ['rm', '--cached', '--quiet', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], { input: untrack.join('\0') });
  // --ignore-errors: a file that cannot be read (no permission) is left as it was, the rest is taken.
  if (added.length)
    await runGit(repo, ['add', '-A', '--ignore-errors', '--pathspec-from-file=-', '--pathspec-file-nul'], { input: added.join('\0'), okCodes: [1] });
  const tree = (await runGit(repo, ['write-tree'])).stdout.toString('utf8').trim();
  return { tree, stamp: await indexStamp(repo), large: leftOut.large.sort(), nested: leftOut.nested.sort() };
}

/** What tells one writing of the index from another (another Falcon's, say). */
async function indexStamp(repo: ShadowRepo): Promise<string> {
  const info = await stat(repo.indexFile, { bigint: true }).catch(() => undefined);
  return info ? `${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}` : '';
}

/** A commit of `tree` after `parent` (none for a session's first). */
export async function commitTree(repo: ShadowRepo, tree: string, parent: string | undefined, message: string): Promise<string> {
  const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message];
  return (await runGit(repo, args)).stdout.toString('utf8').trim();
}
