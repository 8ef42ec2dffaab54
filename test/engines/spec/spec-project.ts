import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTempProject, type TempProject } from '../../tools/temp-project.js';

export const SPEC_FIXTURES = fileURLToPath(new URL('../../fixtures/specs/', import.meta.url));

/** A temp project holding the named fixture specs under specs/. */
export async function projectWithSpecs(...names: string[]): Promise<TempProject> {
  const project = await createTempProject();
  await mkdir(path.join(project.root, 'specs'));
  for (const name of names) await copyFile(path.join(SPEC_FIXTURES, name), path.join(project.root, 'specs', name));
  return project;
}
