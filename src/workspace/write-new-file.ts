import { randomBytes } from 'node:crypto';
import { link, lstat, open, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Creates `file` with `content` unless something is already there; returns whether it created it.
 * The content appears all at once (written to a temporary file first) and an existing file is
 * never replaced, not even one that appears while this runs: the temporary file is hard-linked
 * into place, which fails where `rename` would overwrite.
 */
export async function writeNewFile(file: string, content: string): Promise<boolean> {
  if (await exists(file)) return false;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeDurably(temporary, content);
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (error as NodeJS.ErrnoException).syscall === 'link') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

async function writeDurably(file: string, content: string): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
