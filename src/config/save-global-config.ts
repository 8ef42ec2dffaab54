import { chmod, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { type Document, stringify } from 'yaml';
import { replaceFile } from '../safety/atomic-write.js';

export interface SaveGlobalConfigOptions {
  /**
   * Leave an existing folder's mode alone: the folder of a file named by `--config` is the user's
   * (their project, their home), not Falcon's to lock down.
   */
  keepFolderMode?: boolean;
}

/**
 * Writes `~/.falcon/config.yaml` (it holds API keys): the folder is private (0700), the file is
 * private (0600), and it is replaced atomically so a crash never leaves half a file behind. A YAML
 * `Document` (an edit of the file as read) is written with its comments.
 */
export async function saveGlobalConfig(path: string, raw: Record<string, unknown> | Document, options: SaveGlobalConfigOptions = {}): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // mkdir leaves an existing folder as it was; one made by hand or an older version may be open to all.
  if (!options.keepFolderMode && process.platform !== 'win32' && ((await stat(folder)).mode & 0o077) !== 0) await chmod(folder, 0o700);
  await replaceFile(path, stringify(raw), { private: true });
}
