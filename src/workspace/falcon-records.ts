import path from 'node:path';
import { comparablePath, isNamed } from '../safety/comparable-path.js';
import { type ProjectPath, ProjectPathError, resolveInsideProject } from '../safety/project-path.js';
import { FALCON_DIR } from './falcon-dir.js';

/** Falcon's own records in `.falcon/`: what happened (session logs) and what runs found (reports). */
export const RECORD_FOLDERS = { sessions: 'session logs', reports: 'run reports' } as const;

export type RecordFolder = keyof typeof RECORD_FOLDERS;

/** Whether a project-relative path is `.falcon/` or in it, in any case or spelling the file system takes for it. */
export function isInFalconDir(relative: string): boolean {
  return isNamed(comparablePath(relative).split('/')[0] ?? '', FALCON_DIR);
}

/**
 * Why no tool may write this project-relative path, or undefined: inside `.falcon/sessions/` or
 * `.falcon/reports/` (in any case or spelling the file system takes for them), only Falcon itself
 * writes — a tool that could would replace a session, or forge one that is listed and resumed.
 */
export function falconRecordRefusal(relative: string): string | undefined {
  const [top, folder] = comparablePath(relative).split('/');
  if (top === undefined || folder === undefined || !isNamed(top, FALCON_DIR)) return undefined;
  const record = (Object.keys(RECORD_FOLDERS) as RecordFolder[]).find((name) => isNamed(folder, name));
  return record && `.falcon/${record}/ holds Falcon's ${RECORD_FOLDERS[record]}, which Falcon alone writes; no tool changes them`;
}

/**
 * Resolves a path a tool is about to write (see resolveInsideProject, `forWrite`) and refuses
 * Falcon's records, whether named as written or reached through a link.
 */
export async function resolveToolWritePath(projectRoot: string, userPath: string): Promise<ProjectPath> {
  const target = await resolveInsideProject(projectRoot, userPath, { forWrite: true });
  const refusal = falconRecordRefusal(path.posix.normalize(userPath.replaceAll('\\', '/'))) ?? falconRecordRefusal(target.relative);
  if (refusal) throw new ProjectPathError(`Not written: ${refusal}.`);
  return target;
}
