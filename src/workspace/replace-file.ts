import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface ReplaceFileOptions {
  /** Mode of a new file; an existing file keeps its own. Default 0o644. */
  mode?: number;
  /** Always apply `mode`, even over an existing file's (private files such as memory.json). */
  forceMode?: boolean;
}

/**
 * Creates or replaces `file` in one step: the content goes to a temporary file next to it, is
 * flushed, then renamed over the target, so a reader or a crash never sees half a file.
 */
export async function replaceFile(file: string, content: string, options: ReplaceFileOptions = {}): Promise<void> {
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true });
  const existingMode = options.forceMode ? undefined : await stat(file).then((info) => info.mode & 0o777, () => undefined);
  const mode = existingMode ?? options.mode ?? 0o644;
  const temporary = path.join(folder, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', mode);
    try {
      // The umask narrows the mode given at creation; an existing file's mode is kept exactly.
      await handle.chmod(mode);
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
