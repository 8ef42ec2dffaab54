import { symlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globTool } from '../../../../src/capabilities/code/tools/glob.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
const glob = async (args: { pattern: string; path?: string }) => (await globTool.run(args, toolContext(project.root))).text;

async function writeAged(relative: string, secondsAgo: number): Promise<void> {
  const file = await project.write(relative, '');
  const time = new Date(Date.now() - secondsAgo * 1000);
  await utimes(file, time, time);
}

beforeEach(async () => {
  project = await createTempProject();
  await writeAged('src/routes/users.controller.ts', 50);
  await writeAged('src/routes/orders.controller.ts', 10);
  await writeAged('src/app.ts', 30);
  await writeAged('test/users.test.ts', 20);
  await writeAged('node_modules/x/y.controller.ts', 1);
  await writeAged('dist/app.controller.ts', 1);
  await writeAged('coverage/a.controller.ts', 1);
  await project.write('.gitignore', 'coverage\n');
});
afterEach(async () => {
  await project.remove();
});

describe('glob', () => {
  it('lists matching files newest first, skipping dependencies, build output and ignored paths', async () => {
    expect(await glob({ pattern: '**/*.controller.ts' })).toBe(
      '2 files in the project matching **/*.controller.ts, newest first:\nsrc/routes/orders.controller.ts\nsrc/routes/users.controller.ts',
    );
  });

  it('reads a pattern without "/" as a file name at any depth, and braces as alternatives', async () => {
    expect(await glob({ pattern: 'users.*' })).toBe(
      '2 files in the project matching users.*, newest first:\ntest/users.test.ts\nsrc/routes/users.controller.ts',
    );
    expect(await glob({ pattern: '{src,test}/*.ts' })).toBe('2 files in the project matching {src,test}/*.ts, newest first:\ntest/users.test.ts\nsrc/app.ts');
  });

  it('matches relative to path, and says when nothing matches', async () => {
    expect(await glob({ pattern: '*.ts', path: 'src/routes' })).toBe(
      '2 files in src/routes/ matching *.ts, newest first:\nsrc/routes/orders.controller.ts\nsrc/routes/users.controller.ts',
    );
    expect(await glob({ pattern: '**/*.py' })).toBe('No files in the project matching **/*.py');
    expect((await globTool.run({ pattern: '*.ts', path: 'src/routes' }, toolContext(project.root))).details).toEqual({ kind: 'found', count: 2, noun: 'file' });
  });

  it('caps the answer at 200 files with a count of the rest', async () => {
    for (let i = 0; i < 205; i++) await project.write(`gen/f${i}.json`, '');
    const lines = (await glob({ pattern: 'gen/*.json' })).split('\n');
    expect(lines[0]).toBe('205 files in the project matching gen/*.json, newest first:');
    expect(lines).toHaveLength(202);
    expect(lines.at(-1)).toBe('… and 5 more; narrow with path or pattern');
  });

  it('stays inside the project', async () => {
    await symlink(project.outside, path.join(project.root, 'out'));
    expect(await glob({ pattern: '**/secret.txt' })).toBe('No files in the project matching **/secret.txt');
    await expect(glob({ pattern: '../outside/*' })).rejects.toThrow('file pattern must stay inside the folder searched');
    await expect(glob({ pattern: '*', path: 'out' })).rejects.toThrow('path leaves the project through a symlink');
  });
});
