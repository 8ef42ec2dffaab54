import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Why `folder` is no place to keep files of `root`, or undefined: a folder on the way from `root`
 * down to it (itself included) is a symbolic link — a cloned repository can point one anywhere — or
 * is no folder. Folders not there yet are fine: they are made where they belong. `folder` is inside
 * `root`; `root` itself is taken as it is.
 */
export function linkedFolderProblem(root: string, folder: string): string | undefined {
  const names = path.relative(root, folder).split(path.sep).filter(Boolean);
  let current = root;
  for (const name of names) {
    current = path.join(current, name);
    const shown = `${path.relative(root, current).split(path.sep).join('/')}/`;
    let info;
    try {
      info = lstatSync(current);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      return `${shown} cannot be checked (${code ?? (error as Error).message})`;
    }
    if (info.isSymbolicLink()) return `${shown} is a symbolic link (to ${linkTarget(current)})`;
    if (!info.isDirectory()) return `${shown} is not a folder`;
  }
  return undefined;
}

/**
 * Refuses to write `file`, inside `root`, when a folder on its way is a symbolic link (see
 * linkedFolderProblem): what Falcon keeps for a project is written inside it or not at all.
 */
export function refuseLinkedFolder(root: string, file: string): void {
  const problem = linkedFolderProblem(root, path.dirname(file));
  if (problem)
    throw new Error(`${path.relative(root, file).split(path.sep).join('/')} was not written: ${problem}, and Falcon writes its files only inside the project`);
}

function linkTarget(link: string): string {
  try {
    return readlinkSync(link);
  } catch {
    return 'somewhere unknown';
  }
}
