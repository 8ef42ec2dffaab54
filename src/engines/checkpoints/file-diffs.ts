import { nulFields, runGit } from './run-git.js';
import type { ShadowRepo } from './shadow-repo.js';

/** One file's change between two checkpoints, as every front end shows it. */
export interface FileDiff {
  path: string;
  /** The name it had before, for a rename. */
  oldPath?: string;
  status: 'added' | 'deleted' | 'modified' | 'renamed';
  binary: boolean;
  additions: number;
  deletions: number;
  /** `old mode → new mode` when the mode changed (an executable bit). */
  modeChange?: string;
  /** The unified diff's hunks, from the first `@@` on; empty for a binary file, a pure rename or a mode change. */
  hunks: string;
}

/** Paths per git call: well under any command-line limit. */
const PATHS_PER_CALL = 500;

/** The diffs of `paths` (all files when none are given) from one checkpoint to another, renames paired, in path order. */
export async function diffFiles(repo: ShadowRepo, from: string, to: string, paths?: readonly string[]): Promise<FileDiff[]> {
  if (from === to) return [];
  if (paths === undefined) return diffBatch(repo, from, to, []);
  const diffs: FileDiff[] = [];
  for (let start = 0; start < paths.length; start += PATHS_PER_CALL)
    diffs.push(...(await diffBatch(repo, from, to, paths.slice(start, start + PATHS_PER_CALL))));
  return diffs.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function diffBatch(repo: ShadowRepo, from: string, to: string, paths: readonly string[]): Promise<FileDiff[]> {
  const common = ['-M', '--no-color', '--no-ext-diff', '--no-textconv', from, to, '--', ...paths];
  // The numbers and the patch list the files in the same order: the names come from the numbers (NUL-separated, never quoted).
  const [numbers, patch] = await Promise.all([runGit(repo, ['diff', '--numstat', '-z', ...common]), runGit(repo, ['diff', ...common])]);
  const entries = numstatEntries(nulFields(numbers.stdout));
  const sections = patchSections(patch.stdout.toString('utf8'));
  return entries.map((entry, index) => fileDiff(entry, sections[index] ?? []));
}

interface NumstatEntry {
  path: string;
  oldPath?: string;
  binary: boolean;
  additions: number;
  deletions: number;
}

/** `added\tdeleted\tpath`, or for a rename `added\tdeleted\t` then the old and new names as fields of their own. */
function numstatEntries(fields: readonly string[]): NumstatEntry[] {
  const entries: NumstatEntry[] = [];
  for (let i = 0; i < fields.length; i++) {
    const [added = '', deleted = '', name = ''] = fields[i]!.split('\t');
    const binary = added === '-';
    const counts = { binary, additions: binary ? 0 : Number(added), deletions: binary ? 0 : Number(deleted) };
    if (name === '') {
      entries.push({ oldPath: fields[i + 1]!, path: fields[i + 2]!, ...counts });
      i += 2;
    } else {
      entries.push({ path: name, ...counts });
    }
  }
  return entries;
}

function patchSections(text: string): string[][] {
  const sections: string[][] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) sections.push([]);
    else sections.at(-1)?.push(line);
  }
  return sections;
}

function fileDiff(entry: NumstatEntry, lines: readonly string[]): FileDiff {
  const firstHunk = lines.findIndex((line) => line.startsWith('@@'));
  const header = firstHunk === -1 ? lines : lines.slice(0, firstHunk);
  const hunks = firstHunk === -1 ? '' : lines.slice(firstHunk).join('\n').replace(/\n+$/, '');
  const oldMode = header.find((line) => line.startsWith('old mode '))?.slice('old mode '.length);
  const newMode = header.find((line) => line.startsWith('new mode '))?.slice('new mode '.length);
  const status =
    entry.oldPath !== undefined
      ? 'renamed'
      : header.some((line) => line.startsWith('new file mode'))
        ? 'added'
        : header.some((line) => line.startsWith('deleted file mode'))
          ? 'deleted'
          : 'modified';
  return { ...entry, status, hunks, ...(oldMode && newMode && { modeChange: `${oldMode} → ${newMode}` }) };
}
