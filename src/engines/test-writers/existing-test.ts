import { findProjectFiles } from '../code/project-files.js';
import { readCodeFile } from './read-code-file.js';

/** A test the project already has: the model for a new one. */
export interface ExistingTest {
  path: string;
  text: string;
}

/**
 * The project's test that best shows how its tests are written: among files matching `patterns`,
 * the first whose text matches `prefer` (e.g. one that sends requests), else the most recent.
 */
export async function findExistingTest(projectRoot: string, patterns: string[], prefer: RegExp): Promise<ExistingTest | undefined> {
  const files = new Map<string, number>();
  for (const pattern of patterns) {
    for (const file of await findProjectFiles(projectRoot, { pattern })) files.set(file.path, file.mtimeMs);
  }
  const newestFirst = [...files].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([path]) => path);
  let fallback: ExistingTest | undefined;
  for (const path of newestFirst.slice(0, 50)) {
    const text = await readCodeFile(projectRoot, path);
    if (text === undefined) continue;
    if (prefer.test(text)) return { path, text };
    fallback ??= { path, text };
  }
  return fallback;
}
