import path from 'node:path';
import picomatch from 'picomatch';
import type { Preview } from '../../tools/preview.js';

/**
 * Files that shape prompts, run as hooks, hold the permission rules or keep secrets out of git:
 * auto-edit still asks about them, so that a model cannot widen its own permissions.
 */
const PROTECTED_FILES = ['**/falcon.md', '**/.gitignore', '.falcon/hooks/**', '.falcon/agents/**', '.falcon/config.{yaml,yml}'];

const isProtected = picomatch(PROTECTED_FILES, { dot: true });

/**
 * Whether auto-edit approves this preview: a change of a file that is not protected — nor one of
 * `hookFiles`, the project files the hooks run — asked about for being a change.
 */
export function isPlainFileEdit(preview: Preview, hookFiles: readonly string[] = []): boolean {
  // A diff with a reason was asked about for that reason (a BASE_URL moving elsewhere), not for being an edit.
  return preview.kind === 'diff' && preview.why === undefined && !isProtected(preview.path) && !hookFiles.includes(path.posix.normalize(preview.path));
}
