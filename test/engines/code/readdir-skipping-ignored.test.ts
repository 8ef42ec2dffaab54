import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitignoreRules } from '../../../src/engines/code/gitignore-rules.js';
import { readdirSkippingIgnored } from '../../../src/engines/code/readdir-skipping-ignored.js';
import { type TempProject, createTempProject } from '../../tools/temp-project.js';

let project: TempProject;

beforeEach(async () => {
  project = await createTempProject();
  await project.write('.gitignore', 'build/\n*.log\n');
  await project.write('build/out.js', '');
  await project.write('src/app.ts', '');
  await project.write('src/.gitignore', 'generated\n');
  await project.write('src/generated/api.ts', '');
  await project.write('src/lib/util.ts', '');
  await project.write('app.log', '');
});
afterEach(async () => {
  await project.remove();
});

describe('readdirSkippingIgnored', () => {
  // Called as fast-glob calls it: with file types, or for names only.
  const readdir = () => readdirSkippingIgnored(project.root, new GitignoreRules(project.root, ''));
  const names = (folder: string) =>
    new Promise<string[]>((resolve, reject) => readdir()(path.join(project.root, folder), (error, found) => (error ? reject(error) : resolve(found))));
  const dirents = (folder: string) =>
    new Promise<{ name: string }[]>((resolve, reject) =>
      readdir()(path.join(project.root, folder), { withFileTypes: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );

  it('leaves out the ignored folders, so that a walk never enters them, and keeps files for the caller', async () => {
    expect((await names('')).sort()).toEqual(['.gitignore', 'app.log', 'src']);
    expect((await dirents('src')).map((entry) => entry.name).sort()).toEqual(['.gitignore', 'app.ts', 'lib']);
  });
});
