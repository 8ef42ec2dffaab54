/**
 * Folders that listings, searches and init's look-arounds never enter, at any depth: installed
 * dependencies, version control data, build output and caches. Never the project's own code, and
 * often large. A folder given as the one to list or search is entered all the same.
 */
export const SKIPPED_FOLDERS = [
  'node_modules',
  'vendor',
  'venv',
  '.venv',
  'site-packages',
  '.git',
  'dist',
  'build',
  'out',
  'target',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.output',
  'coverage',
  '__pycache__',
  '.tox',
  '.gradle',
] as const;
