import { readFile, stat } from 'node:fs/promises';
import { resolveInsideProject } from '../../safety/project-path.js';

const MAX_CODE_FILE_BYTES = 512 * 1024;

/** A project file's text, or undefined when it is missing, outside the project, or too large to be code a person wrote. */
export async function readCodeFile(projectRoot: string, relative: string): Promise<string | undefined> {
  try {
    const target = await resolveInsideProject(projectRoot, relative);
    const info = await stat(target.absolute);
    if (!info.isFile() || info.size > MAX_CODE_FILE_BYTES) return undefined;
    return await readFile(target.absolute, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether a project path exists (file or folder). */
export async function projectPathExists(projectRoot: string, relative: string): Promise<boolean> {
  try {
    await stat((await resolveInsideProject(projectRoot, relative)).absolute);
    return true;
  } catch {
    return false;
  }
}
