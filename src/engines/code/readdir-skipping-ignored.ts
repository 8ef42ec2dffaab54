import type fg from 'fast-glob';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { callbackify } from 'node:util';
import type { GitignoreRules } from './gitignore-rules.js';

/**
 * A readdir for fast-glob's `fs` option that leaves out the folders the .gitignore rules ignore, so
 * that the walk never enters them. Ignored files are the caller's to drop: fast-glob reaches a file
 * that a pattern names without a wildcard without reading its folder.
 */
export function readdirSkippingIgnored(projectRoot: string, rules: GitignoreRules): fg.FileSystemAdapter['readdir'] {
  const read = async (directory: string, options?: { withFileTypes?: boolean }) => {
    const entries = await readdir(directory, { withFileTypes: true });
    const ignored = await rules.ignoredSubfolders(path.relative(projectRoot, directory).split(path.sep).join('/'), entries);
    const kept = ignored.size === 0 ? entries : entries.filter((entry) => !ignored.has(entry.name));
    return options?.withFileTypes ? kept : kept.map((entry) => entry.name);
  };
  // fast-glob calls it as fs.readdir, with or without options: (path, [options,] callback).
  return callbackify(read) as unknown as fg.FileSystemAdapter['readdir'];
}
