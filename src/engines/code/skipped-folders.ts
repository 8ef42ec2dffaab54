/** Folders that listings and searches never enter: dependencies, VCS data, build output. */
export const SKIPPED_FOLDERS = ['node_modules', '.git', 'dist', 'vendor'] as const;
