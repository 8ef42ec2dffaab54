import fg from 'fast-glob';
import path from 'node:path';
import { readGitignoreGlobs } from './gitignore-globs.js';
import { SKIPPED_FOLDERS } from './skipped-folders.js';

export interface ProjectFile {
  /** Relative to the project root, with forward slashes. */
  path: string;
  mtimeMs: number;
  size: number;
}

export interface FindFilesOptions {
  /** Folder to look in, relative to the project root (`''` or `.` for the root); already checked to lie inside. */
  folder?: string;
  /** Glob relative to the folder; a pattern without `/` matches file names at any depth. */
  pattern?: string;
  /** How many folder levels to enter: 1 lists only the folder's own files. Default: all. */
  depth?: number;
}

/** A glob that would reach outside the folder it is applied to. */
export class FilePatternError extends Error {
  override name = 'FilePatternError';
}

/**
 * Regular files under a project folder, sorted by path (the order ripgrep's `--sort path` uses).
 * Skips SKIPPED_FOLDERS, paths matched by the .gitignore files that apply (see readGitignoreGlobs)
 * and symlinks, which are not followed, as ripgrep does by default.
 */
export async function findProjectFiles(projectRoot: string, options: FindFilesOptions = {}): Promise<ProjectFile[]> {
  const { folder, entries } = await globProjectFiles(projectRoot, options, true);
  return entries
    .map((entry) => ({
      path: folder ? `${folder}/${entry.path}` : entry.path,
      mtimeMs: entry.stats?.mtimeMs ?? 0,
      size: entry.stats?.size ?? 0,
    }))
    .sort((a, b) => comparePaths(a.path, b.path));
}

/** The files findProjectFiles finds, paths only: several times faster on large trees (no stat per file). */
export async function findProjectFilePaths(projectRoot: string, options: FindFilesOptions = {}): Promise<string[]> {
  const { folder, entries } = await globProjectFiles(projectRoot, options, false);
  return entries.map((entry) => (folder ? `${folder}/${entry.path}` : entry.path)).sort(comparePaths);
}

async function globProjectFiles(
  projectRoot: string,
  options: FindFilesOptions,
  stats: boolean,
): Promise<{ folder: string; entries: fg.Entry[] }> {
  const folder = normalizeFolder(options.folder);
  const pattern = options.pattern ?? '**/*';
  assertPatternStaysInside(pattern);
  const ignore = [
    ...SKIPPED_FOLDERS.map((name) => `**/${name}/**`),
    ...(await readGitignoreGlobs(projectRoot, folder, SKIPPED_FOLDERS)),
  ];
  // Like ripgrep's --glob, a pattern without a slash matches file names at any depth.
  const entries = await fg(pattern.includes('/') ? pattern : `**/${pattern}`, {
    cwd: path.join(projectRoot, folder),
    ignore,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    objectMode: true,
    stats,
    suppressErrors: true,
    deep: options.depth ?? Infinity,
  });
  // Defence in depth: whatever the pattern, nothing from outside the folder is returned.
  return { folder, entries: entries.filter((entry) => !entry.path.startsWith('../') && !path.isAbsolute(entry.path)) };
}

/** Compares paths folder by folder, so `a/b` sorts before `a-c` as in a directory walk. */
export function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const l = left[i] as string;
    const r = right[i] as string;
    if (l !== r) return l < r ? -1 : 1;
  }
  return left.length - right.length;
}

/** Refuses `..` anywhere (braces could make `{..,a}/x` climb) and absolute patterns, escaped or not. */
export function assertPatternStaysInside(pattern: string): void {
  const unescaped = pattern.replaceAll('\\', '');
  if (unescaped.includes('..') || /(^|[{,(|])\s*\//.test(unescaped) || pattern.includes('\0')) {
    throw new FilePatternError(`file pattern must stay inside the folder searched: ${pattern}`);
  }
}

function normalizeFolder(folder: string | undefined): string {
  const normalized = path.posix.normalize((folder ?? '').replaceAll('\\', '/')).replace(/\/+$/, '');
  return normalized === '.' ? '' : normalized;
}
