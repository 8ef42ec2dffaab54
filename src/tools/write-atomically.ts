import type { ProjectPath } from '../workspace/project-path.js';
import { replaceFile } from '../workspace/replace-file.js';
import { ToolError } from './tool.js';

/**
 * Writes a project file in one step (see replaceFile), keeping an existing file's permissions,
 * and turns the file system's refusals into messages the model can act on.
 */
export async function writeAtomically(target: ProjectPath, content: string, mode: number | undefined): Promise<void> {
  try {
    await replaceFile(target.absolute, content, mode === undefined ? {} : { mode, forceMode: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new ToolError(`no permission to write ${target.relative}`);
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      throw new ToolError(`cannot create ${target.relative}: a part of its folder path is a file`);
    }
    throw error;
  }
}
