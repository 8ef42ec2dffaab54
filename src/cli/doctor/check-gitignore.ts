import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { falconPath } from '../../workspace/falcon-dir.js';
import { type DoctorCheck, ok, warn } from './doctor-check.js';

/** Lines of `.falcon/.gitignore` that keep `sessions/` out, and of the project's `.gitignore` that keep `.falcon/` or its sessions out. */
const IN_FALCON_FOLDER = /^\/?(sessions\/?|\*)$/;
const IN_PROJECT = /^\/?\.falcon(\/|\/sessions\/?)?$/;

/** Session logs are a person's conversations: they stay out of git. */
export async function checkGitignore(projectRoot: string): Promise<DoctorCheck> {
  const kept =
    (await patterns(falconPath(projectRoot, '.gitignore'))).some((line) => IN_FALCON_FOLDER.test(line)) ||
    (await patterns(path.join(projectRoot, '.gitignore'))).some((line) => IN_PROJECT.test(line));
  if (kept) return ok('gitignore', '.falcon/sessions/ is kept out of git');
  return warn('gitignore', '.falcon/sessions/ is not ignored: session logs could be committed', 'add the line sessions/ to .falcon/.gitignore');
}

async function patterns(file: string): Promise<string[]> {
  try {
    return (await readFile(file, 'utf8'))
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
  } catch {
    return [];
  }
}
