import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectPath } from '../workspace/project-path.js';
import { ToolError } from './tool.js';

/**
 * Writes a temp file next to the target and renames it over, so readers never see half a file
 * and a failed write leaves the old content. `mode` keeps an existing file's permissions.
 */
export async function writeAtomically(target: ProjectPath, content: string, mode: number | undefined): Promise<void> {
  const folder = path.dirname(target.absolute);
  const temp = path.join(folder, `.${path.basename(target.absolute)}.${randomBytes(6).toString('hex')}.falcon-tmp`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(temp, content, { flag: 'wx', mode: mode ?? 0o666 });
    // The umask narrows the mode given at creation; an existing file's mode is restored exactly.
    if (mode !== undefined) await chmod(temp, mode);
    await rename(temp, target.absolute);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM') throw new ToolError(`no permission to write ${target.relative}`);
    if (code === 'ENOTDIR' || code === 'EEXIST') {
      throw new ToolError(`cannot create ${target.relative}: a part of its folder path is a file`);
    }
    throw error;
  }
}
