import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** A file another process kept locked longer than Falcon waits; the message says which and what to do. */
export class FileLockError extends Error {
  override name = 'FileLockError';
}

export interface FileLockOptions {
  /** The mode of the file's folder when it must be created (the Falcon home is private: 0700). */
  folderMode?: number;
}

/**
 * A lock older than this without a refresh belongs to a process that died (the holder refreshes it
 * every STALE_MS / 2): it is taken over.
 */
const STALE_MS = 10_000;

/** Waits between tries grow to at most this; about a minute of tries in all, beyond any real update. */
const RETRIES = { retries: 120, factor: 1.3, minTimeout: 10, maxTimeout: 500, randomize: true };

/**
 * Runs `update` — a read-modify-write of `file` — while holding `<file>.lock` (a folder made with
 * mkdir, atomic on every file system), so that processes updating the same file one after another
 * never lose each other's changes. A lock left by a process that died is taken over once stale.
 * Waiting too long is a FileLockError naming the file and the lock.
 */
export async function withFileLock<T>(file: string, update: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  // The module is CommonJS: its functions are properties of the default export in every loader.
  const { default: lockfile } = await import('proper-lockfile');
  await mkdir(path.dirname(file), { recursive: true, ...(options.folderMode !== undefined && { mode: options.folderMode }) });
  let compromised: Error | undefined;
  const release = await lockfile
    .lock(file, {
      realpath: false,
      stale: STALE_MS,
      retries: RETRIES,
      onCompromised: (error) => {
        compromised = error;
      },
    })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ELOCKED') throw error;
      throw new FileLockError(`${file} is being changed by another process (it holds ${file}.lock); try again once it is done`);
    });
  try {
    const result = await update();
    if (compromised)
      throw new FileLockError(`${file}: another process took over its lock while Falcon was changing it (${compromised.message}); check the file`);
    return result;
  } finally {
    if (!compromised) await release();
  }
}
