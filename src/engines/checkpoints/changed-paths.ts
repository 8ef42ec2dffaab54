import { nulFields, runGit } from './run-git.js';
import type { ShadowRepo } from './shadow-repo.js';

/** How a path differs from one checkpoint to another: added, deleted, modified, or its type changed (file, link). */
export interface ChangedPath {
  path: string;
  status: 'A' | 'D' | 'M' | 'T';
}

/** The files that differ between two checkpoints (commits or trees), each once, without rename pairing. */
export async function changedPaths(repo: ShadowRepo, from: string, to: string): Promise<ChangedPath[]> {
  if (from === to) return [];
  const fields = nulFields((await runGit(repo, ['diff-tree', '-r', '-z', '--no-renames', '--name-status', from, to])).stdout);
  const changes: ChangedPath[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const status = fields[i]!.charAt(0);
    changes.push({ path: fields[i + 1]!, status: status === 'A' || status === 'D' || status === 'T' ? status : 'M' });
  }
  return changes;
}
