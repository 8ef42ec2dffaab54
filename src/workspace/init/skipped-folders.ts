/**
 * Folders that hold dependencies, virtual environments, build output or caches: never the
 * project's own code, and often large, so init's searches do not enter them.
 */
export const SKIPPED_FOLDERS = [
  'node_modules',
  '.git',
  'vendor',
  'dist',
  'build',
  'target',
  'out',
  '.next',
  'coverage',
  'venv',
  '.venv',
  '__pycache__',
  '.tox',
  '.gradle',
  '.falcon',
] as const;

/** SKIPPED_FOLDERS as fast-glob ignore patterns, at any depth. */
export const SKIPPED_FOLDER_GLOBS = SKIPPED_FOLDERS.map((folder) => `**/${folder}/**`);
