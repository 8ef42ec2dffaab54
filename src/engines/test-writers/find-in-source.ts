import { findProjectFiles } from '../code/project-files.js';
import { readCodeFile } from './read-code-file.js';

/** Files looked at per search; the app's entry point is never far down a sorted listing. */
const MAX_FILES = 400;

export interface SourceMatch {
  path: string;
  text: string;
  match: RegExpExecArray;
}

/** The first project file matching `pattern` (a glob) whose text matches `search`, skipping tests. */
export async function findInSource(projectRoot: string, pattern: string, search: RegExp, isTest: RegExp): Promise<SourceMatch | undefined> {
  const files = (await findProjectFiles(projectRoot, { pattern }))
    .map((file) => file.path)
    .filter((path) => !isTest.test(path))
    // Shallow files first: the app is usually built near the root.
    .sort((a, b) => a.split('/').length - b.split('/').length);
  for (const path of files.slice(0, MAX_FILES)) {
    const text = await readCodeFile(projectRoot, path);
    const match = text === undefined ? null : search.exec(text);
    if (text !== undefined && match) return { path, text, match };
  }
  return undefined;
}
