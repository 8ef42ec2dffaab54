import fg from 'fast-glob';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { falconLogGlobs, isInFalconLog, refuseFalconLog } from './falcon-logs.js';
import { GitignoreRules } from './gitignore-rules.js';
import { NamesOnDisk } from './names-on-disk.js';
import { readdirSkippingIgnored } from './readdir-skipping-ignored.js';
import { assertPatternStaysInside } from '../../safety/file-pattern.js';
import { staysInside } from '../../safety/path-inside.js';
import { type GlobBaseLinks, RealPathCheck } from '../../safety/real-path-check.js';
import { shownPath } from '../../safety/shown-path.js';
import { SKIPPED_FOLDERS } from '../../safety/skipped-folders.js';

export { FalconLogError } from './falcon-logs.js';

export interface ProjectPath {
  /** Relative to the project root, with forward slashes, as Node reads names (U+FFFD for bytes that are not UTF-8). */
  path: string;
  /** The path as a listing shows it (see shownPath): the name's real bytes, line breaks and the like escaped. */
  shown: string;
  /** Absolute, to open it by: a string, or the bytes of a name that is not UTF-8. */
  location: string | Buffer;
}

export interface ProjectFile extends ProjectPath {
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
  /** Told, once each, the symlinks met that lead outside the project (relative to the root). */
  onLinkOutside?: (link: string) => void;
}

/**
 * Regular files under a project folder, sorted by path (the order ripgrep's `--sort path` uses).
 * Skips SKIPPED_FOLDERS, Falcon's logs (see falconLogGlobs), what the .gitignore files leave out
 * as git does (see GitignoreRules; ignored folders are not entered) and symlinks, which are not
 * followed, as ripgrep does by default; only a link the pattern names before its first wildcard
 * (`alias/**`) is gone through.
 * A file is returned only when its real path lies inside the project.
 */
export async function findProjectFiles(projectRoot: string, options: FindFilesOptions = {}): Promise<ProjectFile[]> {
  const paths = await findProjectFilePaths(projectRoot, options);
  const files = await Promise.all(
    paths.map(async (file) => {
      // Gone since the walk: not listed.
      const stats = await lstat(file.location).catch(() => undefined);
      return stats?.isFile() ? { ...file, mtimeMs: stats.mtimeMs, size: stats.size } : [];
    }),
  );
  return files.flat();
}

/**
 * The files findProjectFiles finds, without their sizes and times: several times faster on large
 * trees. A name that is not UTF-8 is found by its bytes (see NamesOnDisk), never left out, nor are
 * the files next to it.
 */
export async function findProjectFilePaths(projectRoot: string, options: FindFilesOptions = {}): Promise<ProjectPath[]> {
  const { folder, entries } = await globProjectFiles(projectRoot, options);
  const relatives = [...new Set(entries.map((entry) => (folder ? `${folder}/${entry.path}` : entry.path)))].sort(comparePaths);
  const names = new NamesOnDisk(projectRoot);
  const found = await Promise.all(
    relatives.map((relative) =>
      names.isLossy(relative)
        ? names.of(relative).then((all) => all.map((bytes) => ({ path: relative, shown: shownPath(bytes), location: names.location(bytes) })))
        : [{ path: relative, shown: shownPath(relative), location: path.join(projectRoot, relative) }],
    ),
  );
  return found.flat();
}

async function globProjectFiles(projectRoot: string, options: FindFilesOptions): Promise<{ folder: string; entries: fg.Entry[] }> {
  const folder = normalizeFolder(options.folder);
  const pattern = options.pattern ?? '**/*';
  assertPatternStaysInside(pattern);
  refuseFalconLog(folder);
  // Like ripgrep's --glob, a pattern without a slash matches file names at any depth.
  const glob = pattern.includes('/') ? pattern : `**/${pattern}`;
  const ignore = [...SKIPPED_FOLDERS.map((name) => `**/${name}`), ...falconLogGlobs(folder)].flatMap((skipped) => [skipped, `${skipped}/**`]);
  const gitignore = new GitignoreRules(projectRoot, folder);
  const check = await RealPathCheck.open(projectRoot);
  // Links come back as entries (onlyFiles: false) so that those leading out can be named.
  const [found, baseLinks] = await Promise.all([
    fg(glob, {
      cwd: path.join(projectRoot, folder),
      ignore,
      fs: { readdir: readdirSkippingIgnored(projectRoot, gitignore) },
      dot: true,
      onlyFiles: false,
      followSymbolicLinks: false,
      objectMode: true,
      // One name fast-glob cannot stat (not UTF-8) would empty its whole folder: sizes and times are read after.
      stats: false,
      suppressErrors: true,
      deep: options.depth ?? Infinity,
    }),
    check.linksOnGlobBases(folder, glob),
  ]);
  const linksOut = new Set(baseLinks.outside);
  const files: { entry: fg.Entry; relative: string }[] = [];
  for (const entry of found) {
    // Defence in depth: whatever the pattern, nothing from outside the folder is returned.
    if (!staysInside(entry.path)) continue;
    const relative = folder ? `${folder}/${entry.path}` : entry.path;
    if (!entry.dirent.isSymbolicLink() && !entry.dirent.isFile()) continue;
    if (await gitignore.ignores(relative, false)) continue;
    if (entry.dirent.isSymbolicLink()) {
      if (await check.leadsOutside(relative)) linksOut.add(relative);
    } else {
      files.push({ entry, relative });
    }
  }
  const entries = (await throughLinks(check, folder, baseLinks)) ? await filterByRealPath(check, files) : files.map(({ entry }) => entry);
  for (const link of [...linksOut].sort(comparePaths)) options.onLinkOutside?.(link);
  return { folder, entries };
}

/**
 * Whether the walk may have gone through a symlink: only the folder itself and the folders the
 * pattern names before its first wildcard are opened through links; below them none is followed.
 */
async function throughLinks(check: RealPathCheck, folder: string, baseLinks: GlobBaseLinks): Promise<boolean> {
  if (baseLinks.inside.length > 0 || baseLinks.outside.length > 0) return true;
  return (await check.realFolder(folder)) !== (folder || '.');
}

/** The files whose real folder lies inside the project (and outside Falcon's logs): one lookup per folder. */
async function filterByRealPath(check: RealPathCheck, files: readonly { entry: fg.Entry; relative: string }[]): Promise<fg.Entry[]> {
  const folders = [...new Set(files.map((file) => path.posix.dirname(file.relative)))];
  const realFolders = new Map(await Promise.all(folders.map(async (name) => [name, await check.realFolder(name)] as const)));
  return files
    .filter(({ relative }) => {
      const realFolder = realFolders.get(path.posix.dirname(relative));
      return realFolder !== undefined && !isInFalconLog(`${realFolder}/${path.posix.basename(relative)}`);
    })
    .map(({ entry }) => entry);
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

function normalizeFolder(folder: string | undefined): string {
  const normalized = path.posix.normalize((folder ?? '').replaceAll('\\', '/')).replace(/\/+$/, '');
  return normalized === '.' ? '' : normalized;
}
