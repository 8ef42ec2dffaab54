import { randomBytes } from 'node:crypto';
import { link, lstat, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface ReplaceFileOptions {
  /** The file holds secrets (API keys, remembered facts): 0600 whatever it had before. */
  private?: boolean;
}

const PRIVATE_MODE = 0o600;

/**
 * Creates or replaces `file` in one step, creating its folder: the content goes to a temporary file
 * next to it, is flushed, then renamed over the target, so a reader or a crash never sees half a
 * file, and a failed write leaves the old file as it was. An existing file keeps its mode; a new
 * one gets the mode the umask allows.
 */
export async function replaceFile(file: string, content: string, options: ReplaceFileOptions = {}): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const mode = options.private
    ? PRIVATE_MODE
    : await stat(file).then(
        (info) => info.mode & 0o777,
        () => undefined,
      );
  const temporary = temporaryNextTo(file);
  try {
    await writeDurably(temporary, content, mode);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw naming(file, error);
  }
}

/**
 * Creates `file` with `content` unless something is already there (even a dangling symlink),
 * creating its folder; returns whether it created it. The content appears all at once, and a file
 * that appears while this runs is never replaced: the temporary file is hard-linked into place,
 * which fails where `rename` would overwrite.
 */
export async function writeNewFile(file: string, content: string): Promise<boolean> {
  await mkdir(path.dirname(file), { recursive: true });
  if (await exists(file)) return false;
  const temporary = temporaryNextTo(file);
  try {
    await writeDurably(temporary, content, undefined);
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (error as NodeJS.ErrnoException).syscall === 'link') return false;
    throw naming(file, error);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The names `temporaryNextTo` gives, as a .gitignore pattern: drafts another Falcon may be writing. */
export const ATOMIC_WRITE_DRAFT_GLOB = `.*.[0-9]*.${'[0-9a-f]'.repeat(8)}.tmp`;

/** In the target's folder, so that the rename or link stays on one file system. */
function temporaryNextTo(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
}

/** Writes a new file and flushes it to disk; `mode`, when given, is set exactly (the umask narrows the mode given at creation). */
async function writeDurably(file: string, content: string, mode: number | undefined): Promise<void> {
  const handle = await open(file, 'wx', mode ?? 0o666);
  try {
    if (mode !== undefined) await handle.chmod(mode);
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A failed write of the temporary file names the file meant: `path` is what a message shows (a full disk: which file). */
function naming(file: string, error: unknown): unknown {
  const failure = error as NodeJS.ErrnoException;
  if (failure?.code !== undefined) failure.path = file;
  return error;
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
