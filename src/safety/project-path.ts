import { readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { refuseDisguisedPath } from './disguised-path.js';
import { isPathInside } from './path-inside.js';

/** A path the user or the model gave that Falcon will not touch; the message says why. */
export class ProjectPathError extends Error {
  override name = 'ProjectPathError';
}

export interface ProjectPath {
  /** Real absolute path (symlinks resolved), inside the project. */
  absolute: string;
  /** The same path relative to the project root, with forward slashes; `.` for the root. */
  relative: string;
}

export interface ResolveOptions {
  /** Allow a path that does not exist yet (it is checked through its nearest existing ancestor). */
  forWrite?: boolean;
}

const MAX_SYMLINK_HOPS = 40;

/**
 * Resolves a path given by the model or the user against the project root and refuses anything
 * that would reach outside it: `..` that climbs above the root (even if it comes back), absolute
 * paths elsewhere, NUL bytes, disguised dots and slashes (see refuseDisguisedPath), and symlinks
 * whose real path leaves the project. A backslash counts as a folder separator, as on Windows.
 */
export async function resolveInsideProject(projectRoot: string, userPath: string, options: ResolveOptions = {}): Promise<ProjectPath> {
  const reason = refuseDisguisedPath(userPath);
  if (reason) throw new ProjectPathError(`${reason}: ${quote(userPath)}`);
  const plain = userPath.replaceAll('\\', '/');
  if (climbsAboveStart(plain)) throw new ProjectPathError(`path escapes the project: ${shorten(userPath)}`);
  const realRoot = await realpath(projectRoot);
  const requested = path.resolve(projectRoot, plain);
  if (!isPathInside(projectRoot, requested) && !isPathInside(realRoot, requested)) {
    throw new ProjectPathError(`path escapes the project: ${shorten(userPath)}`);
  }
  const { real, exists } = await resolveRealPath(requested, userPath, 0);
  if (!isPathInside(realRoot, real)) throw new ProjectPathError(`path leaves the project through a symlink: ${shorten(userPath)}`);
  if (!exists && !options.forWrite) throw new ProjectPathError(`no such file: ${shorten(userPath)}`);
  return { absolute: real, relative: path.relative(realRoot, real).split(path.sep).join('/') || '.' };
}

/** `a/../../project/x` climbs out and back in; an absolute path may not use `..` at all. */
function climbsAboveStart(plain: string): boolean {
  let depth = 0;
  for (const segment of plain.split('/')) {
    if (segment === '..') {
      if (path.isAbsolute(plain) || --depth < 0) return true;
    } else if (segment !== '' && segment !== '.') {
      depth++;
    }
  }
  return false;
}

function shorten(userPath: string): string {
  return userPath.length > 120 ? `${userPath.slice(0, 120)}…` : userPath;
}

/** As JSON, so that NUL and control characters show. */
function quote(userPath: string): string {
  return JSON.stringify(shorten(userPath));
}

/** The real path of `target`; for a missing path, its nearest existing ancestor's real path plus the rest. */
async function resolveRealPath(target: string, userPath: string, hops: number): Promise<{ real: string; exists: boolean }> {
  try {
    return { real: await realpath(target), exists: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new ProjectPathError(`too many levels of symlinks: ${shorten(userPath)}`);
    if (code === 'ENAMETOOLONG') throw new ProjectPathError(`path is too long: ${quote(userPath)}`);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  }
  const parent = path.dirname(target);
  if (parent === target) return { real: target, exists: false };
  const realParent = (await resolveRealPath(parent, userPath, hops)).real;
  // A dangling symlink: where it points decides where a write would land.
  const link = await readlink(target).catch(() => undefined);
  if (link !== undefined) {
    if (hops >= MAX_SYMLINK_HOPS) throw new ProjectPathError(`too many levels of symlinks: ${shorten(userPath)}`);
    const followed = await resolveRealPath(path.resolve(realParent, link), userPath, hops + 1);
    return { real: followed.real, exists: false };
  }
  return { real: path.join(realParent, path.basename(target)), exists: false };
}
