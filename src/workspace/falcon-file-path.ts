import path from 'node:path';
import { comparablePath } from '../safety/comparable-path.js';
import { isPathInside } from '../safety/path-inside.js';
import { ProjectPathError, resolveInsideProject } from '../safety/project-path.js';
import { FALCON_DIR } from './falcon-dir.js';
import { falconRecordRefusal } from './falcon-records.js';

export interface FalconFilePath {
  /** Real absolute path, inside the project's real `.falcon/`. */
  absolute: string;
  /** Relative to `.falcon/`, forward slashes; `.` for the folder itself. */
  relative: string;
}

// Falcon's own settings and state: changed by their commands, never by the model writing text.
const PROTECTED_AT_TOP = new Set(['config.yaml', 'config.yml']);
const PROTECTED_ANYWHERE = new Set(['memory.json', 'manifest.json']);

/**
 * Resolves a path inside `.falcon/` (given relative to it; a leading `.falcon/` is accepted) by
 * real paths, so neither `..` nor a symlink can reach outside `.falcon/` or the project.
 */
export async function resolveFalconPath(projectRoot: string, userPath: string, options: { forWrite?: boolean } = {}): Promise<FalconFilePath> {
  const trimmed = userPath.trim();
  const inside = trimmed.replace(/^(\.\/)?\.falcon(\/|$)/, '') || '.';
  const folder = await resolveInsideProject(projectRoot, FALCON_DIR, { forWrite: true });
  const requested = path.isAbsolute(inside) ? inside : path.join(FALCON_DIR, inside);
  const target = await resolveInsideProject(projectRoot, requested, options);
  if (!isPathInside(folder.absolute, target.absolute)) {
    throw new ProjectPathError(`${userPath} is outside .falcon/: falcon_read and falcon_write reach only Falcon's own folder`);
  }
  return { absolute: target.absolute, relative: path.relative(folder.absolute, target.absolute).split(path.sep).join('/') || '.' };
}

/** Why falcon_write may not replace this file, or undefined when it may. */
export function protectedReason(file: FalconFilePath): string | undefined {
  const record = falconRecordRefusal(`${FALCON_DIR}/${file.relative}`);
  if (record) return record;
  const comparable = comparablePath(file.relative);
  const name = path.posix.basename(comparable);
  if (PROTECTED_AT_TOP.has(comparable)) return `.falcon/${file.relative} holds the project's settings; change it with falcon env use or by hand`;
  if (PROTECTED_ANYWHERE.has(name)) return `${name} is Falcon's own state and is never written by falcon_write; use the memory tool for facts`;
  return undefined;
}
