import type { ProjectFile } from '../../engines/code/project-files.js';

/**
 * Paths matching `query`, best first: a file name starting with it, then the path containing it,
 * then the query's characters appearing in order (`mkw` finds `src/make-widget.ts`); case does not
 * matter. Within each kind, shorter paths first, then the most recently changed.
 */
export function rankPaths(files: readonly Pick<ProjectFile, 'path' | 'mtimeMs'>[], query: string): string[] {
  const needle = query.toLowerCase();
  return files
    .map((file) => ({ file, rank: matchRank(file.path.toLowerCase(), needle) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.file.path.length - b.file.path.length || b.file.mtimeMs - a.file.mtimeMs)
    .map((entry) => entry.file.path);
}

function matchRank(path: string, needle: string): number {
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  if (fileName.startsWith(needle)) return 0;
  if (path.includes(needle)) return 1;
  return appearsInOrder(path, needle) ? 2 : -1;
}

function appearsInOrder(path: string, needle: string): boolean {
  let from = 0;
  for (const char of needle) {
    const found = path.indexOf(char, from);
    if (found === -1) return false;
    from = found + 1;
  }
  return true;
}
