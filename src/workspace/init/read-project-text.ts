import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** Larger files are not configuration or specs a person wrote; reading them would only cost time. */
const MAX_BYTES = 8 * 1024 * 1024;

/** A project file's text, or `undefined` when it is missing, not a regular file, or too large. */
export async function readProjectText(projectRoot: string, relative: string): Promise<string | undefined> {
  const absolute = path.join(projectRoot, relative);
  try {
    const info = await stat(absolute);
    if (!info.isFile() || info.size > MAX_BYTES) return undefined;
    return await readFile(absolute, 'utf8');
  } catch {
    return undefined;
  }
}
