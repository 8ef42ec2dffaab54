import fg from 'fast-glob';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The .gitignore files that apply to `folder` (those in its ancestors up to the project root and
 * those below it) as fast-glob ignore patterns relative to `folder`. Read simply, as ripgrep and
 * git mostly do: each line a glob, unanchored names match at any depth below their file's folder,
 * negations (`!`) are not supported. `skipped` are folders never entered while looking.
 */
export async function readGitignoreGlobs(projectRoot: string, folder: string, skipped: readonly string[]): Promise<string[]> {
  const ancestors = folder ? ['', ...folder.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))] : [''];
  ancestors.pop();
  const below = await fg('**/.gitignore', {
    cwd: path.join(projectRoot, folder),
    ignore: skipped.map((name) => `**/${name}/**`),
    dot: true,
    followSymbolicLinks: false,
    suppressErrors: true,
  });
  const owners = [...ancestors, ...below.map((file) => joinPath(folder, path.posix.dirname(file)))];
  const globs = await Promise.all(
    owners.map(async (owner) => {
      const text = await readFile(path.join(projectRoot, owner, '.gitignore'), 'utf8').catch(() => '');
      return text.split(/\r?\n/).flatMap((line) => gitignoreLineToGlobs(line.trim(), owner, folder));
    }),
  );
  return globs.flat();
}

/**
 * One .gitignore line of the file in folder `owner`, as globs relative to `folder` (each glob also
 * covers a matched folder's contents).
 */
function gitignoreLineToGlobs(line: string, owner: string, folder: string): string[] {
  if (!line || line.startsWith('#') || line.startsWith('!')) return [];
  let glob = line.replace(/\/+$/, '');
  if (!glob) return [];
  // In .gitignore a slash at the start or in the middle anchors the pattern to the file's folder;
  // a leading `**/` undoes that.
  const anchored = glob.includes('/') && !glob.startsWith('**/');
  glob = glob.replace(/^\/+/, '').replace(/^(\*\*\/)+/, '');
  const ownerBelowFolder = isWithin(owner, folder);
  let relative: string | undefined;
  if (ownerBelowFolder) {
    const prefix = stripFolder(owner, folder);
    relative = joinPath(prefix, anchored ? glob : `**/${glob}`);
  } else if (!anchored) {
    relative = `**/${glob}`;
  } else {
    // Anchored patterns outside the folder do not apply; one covering the folder itself is
    // dropped too, so that listing an ignored folder by name still shows its files.
    const fromRoot = joinPath(owner, glob);
    if (isWithin(fromRoot, folder) && fromRoot !== folder) relative = stripFolder(fromRoot, folder);
  }
  return relative ? [relative, `${relative}/**`] : [];
}

function isWithin(candidate: string, folder: string): boolean {
  return folder === '' || candidate === folder || candidate.startsWith(`${folder}/`);
}

function stripFolder(candidate: string, folder: string): string {
  return folder === '' ? candidate : candidate.slice(folder.length + 1);
}

function joinPath(a: string, b: string): string {
  if (!a || a === '.') return b === '.' ? '' : b;
  if (!b || b === '.') return a;
  return `${a}/${b}`;
}
