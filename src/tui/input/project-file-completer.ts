import { findProjectFiles, type ProjectFile } from '../../engines/code/project-files.js';
import { rankPaths } from './rank-paths.js';

/** How long one listing of the project serves completions, so typing does not re-walk the tree. */
export const FILE_LIST_TTL_MS = 5_000;
const MAX_COMPLETIONS = 50;

/**
 * The `completeFiles` function the input box takes: the files a listing shows (see findProjectFiles:
 * no skipped folders, .gitignored paths or Falcon's logs) matching what follows the `@`, best first.
 * A name that cannot be typed as it is (a line break in it, bytes that are not UTF-8) is not offered.
 */
export function createFileCompleter(projectRoot: string): (prefix: string) => Promise<string[]> {
  let listing: { at: number; files: Promise<ProjectFile[]> } | undefined;
  return async (prefix) => {
    if (listing === undefined || Date.now() - listing.at > FILE_LIST_TTL_MS) {
      listing = { at: Date.now(), files: findProjectFiles(projectRoot).then((files) => files.filter((file) => file.shown === file.path)) };
    }
    return rankPaths(await listing.files, prefix).slice(0, MAX_COMPLETIONS);
  };
}
