import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Folders that listings and searches never enter: dependencies, VCS data, build output. */
export const SKIPPED_FOLDERS = ['node_modules', '.git', 'dist', 'vendor'] as const;

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
}

/** A glob that would reach outside the folder it is applied to. */
export class FilePatternError extends Error {
  override name = 'FilePatternError';
}

/**
 * Regular files under a project folder, sorted by path (the order ripgrep's `--sort path` uses).
 * Skips SKIPPED_FOLDERS, paths matched by the top-level .gitignore (read simply: each line an
 * ignore glob, negations ignored) and symlinks, which are not followed, as ripgrep does by default.
 */
export async function findProjectFiles(projectRoot: string, options: FindFilesOptions = {}): Promise<ProjectFile[]> {
  const folder = normalizeFolder(options.folder);
  const pattern = options.pattern ?? '**/*';
  assertPatternStaysInside(pattern);
  const ignore = [...SKIPPED_FOLDERS.map((name) => `**/${name}/**`), ...(await readGitignoreGlobs(projectRoot, folder))];
  // Like ripgrep's --glob, a pattern without a slash matches file names at any depth.
  const entries = await fg(pattern.includes('/') ? pattern : `**/${pattern}`, {
    cwd: path.join(projectRoot, folder),
    ignore,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    stats: true,
    suppressErrors: true,
  });
  return entries
    .map((entry) => ({
      path: folder ? `${folder}/${entry.path}` : entry.path,
      mtimeMs: entry.stats?.mtimeMs ?? 0,
      size: entry.stats?.size ?? 0,
    }))
    .sort((a, b) => comparePaths(a.path, b.path));
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

export function assertPatternStaysInside(pattern: string): void {
  if (pattern.startsWith('/') || pattern.split('/').includes('..')) {
    throw new FilePatternError(`file pattern must stay inside the folder searched: ${pattern}`);
  }
}

function normalizeFolder(folder: string | undefined): string {
  const normalized = path.posix.normalize((folder ?? '').replaceAll('\\', '/')).replace(/\/+$/, '');
  return normalized === '.' ? '' : normalized;
}

async function readGitignoreGlobs(projectRoot: string, folder: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path.join(projectRoot, '.gitignore'), 'utf8');
  } catch {
    return [];
  }
  return text.split(/\r?\n/).flatMap((line) => gitignoreLineToGlobs(line.trim(), folder));
}

/** One .gitignore line as globs relative to `folder` (each glob also covers a folder's contents). */
function gitignoreLineToGlobs(line: string, folder: string): string[] {
  if (!line || line.startsWith('#') || line.startsWith('!')) return [];
  let glob = line.replace(/\/+$/, '');
  if (!glob) return [];
  // In .gitignore a slash at the start or in the middle anchors the pattern to the root.
  if (glob.includes('/')) {
    glob = glob.replace(/^\/+/, '');
    if (folder) {
      // Anchored patterns outside the folder do not apply; one covering the folder itself is
      // dropped too, so that listing an ignored folder by name still shows its files.
      if (!glob.startsWith(`${folder}/`)) return [];
      glob = glob.slice(folder.length + 1);
    }
  } else {
    glob = `**/${glob}`;
  }
  return [glob, `${glob}/**`];
}
