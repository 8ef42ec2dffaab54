import path from 'node:path';

/** Whether `candidate` is `root` or lies below it, by their names alone (no symlink is resolved). */
export function isPathInside(root: string, candidate: string): boolean {
  return staysInside(path.relative(root, candidate));
}

/** Whether a normalized relative path (either separator) stays where it starts: neither absolute nor starting with `..`. */
export function staysInside(relative: string): boolean {
  return !path.isAbsolute(relative) && relative.split(/[/\\]/)[0] !== '..';
}
