import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProjectFilePaths, findProjectFiles } from '../../../src/engines/code/project-files.js';
import { searchCode } from '../../../src/engines/code/search-code.js';
import { SKIPPED_FOLDERS } from '../../../src/safety/skipped-folders.js';
import { globTool } from '../../../src/capabilities/code/tools/glob.js';
import { listFilesTool } from '../../../src/capabilities/code/tools/list-files.js';
import { SKIPPED_FOLDER_GLOBS } from '../../../src/workspace/init/skipped-folder-globs.js';
import { type TempProject, createTempProject, toolContext } from '../../tools/temp-project.js';

/** The paths findProjectFilePaths finds, as strings. */
const filePaths = async (...args: Parameters<typeof findProjectFilePaths>) => (await findProjectFilePaths(...args)).map((file) => file.path);

const hasRipgrep = await execa('rg', ['--version']).then(
  () => true,
  () => false,
);

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
  await project.write('src/app.ts', 'NEEDLE\n');
  for (const folder of SKIPPED_FOLDERS) {
    await project.write(`${folder}/top.ts`, 'NEEDLE\n');
    await project.write(`src/${folder}/nested.ts`, 'NEEDLE\n');
  }
});
afterEach(async () => {
  await project.remove();
});

const search = async (preferRipgrep: boolean, path?: string) =>
  (await searchCode(project.root, { pattern: 'NEEDLE', preferRipgrep, path })).matches.map((match) => match.path);

describe('the skipped folders', () => {
  it('are entered neither by the listing nor by either search, at any depth', async () => {
    expect((await findProjectFiles(project.root)).map((file) => file.path)).toEqual(['src/app.ts']);
    expect(await filePaths(project.root)).toEqual(['src/app.ts']);
    expect(await search(false)).toEqual(['src/app.ts']);
    if (hasRipgrep) expect(await search(true)).toEqual(['src/app.ts']);
  });

  it('are left out by list_files and glob, whose description says what it skips', async () => {
    const ctx = toolContext(project.root);
    expect((await listFilesTool.run({}, ctx)).text).toBe('1 file in the project, newest first:\nsrc/app.ts');
    expect((await globTool.run({ pattern: '*.ts' }, ctx)).text).toBe('1 file in the project matching *.ts, newest first:\nsrc/app.ts');
    expect(listFilesTool.description).toMatch(/skips installed dependencies, build output and caches \(node_modules, .*\) and .gitignore'd paths/);
  });

  it('are entered when one is the folder asked for', async () => {
    expect(await filePaths(project.root, { folder: 'src/node_modules' })).toEqual(['src/node_modules/nested.ts']);
    expect(await search(false, 'dist')).toEqual(['dist/top.ts']);
    if (hasRipgrep) expect(await search(true, 'dist')).toEqual(['dist/top.ts']);
  });

  it("are skipped by init's searches too, with Falcon's own folder", () => {
    expect(SKIPPED_FOLDER_GLOBS).toEqual([...SKIPPED_FOLDERS, '.falcon'].map((folder) => `**/${folder}/**`));
  });
});
