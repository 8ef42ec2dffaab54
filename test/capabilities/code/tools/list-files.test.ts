import { symlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFilesTool } from '../../../../src/capabilities/code/tools/list-files.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
const list = async (args: { path?: string; pattern?: string; depth?: number } = {}) => (await listFilesTool.run(args, toolContext(project.root))).text;

async function writeAged(relative: string, secondsAgo: number): Promise<void> {
  const file = await project.write(relative, `// ${relative}\n`);
  const time = new Date(Date.now() - secondsAgo * 1000);
  await utimes(file, time, time);
}

beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

describe('list_files', () => {
  it('lists files newest first, with paths from the project root', async () => {
    await writeAged('src/old.ts', 300);
    await writeAged('src/new.ts', 10);
    await writeAged('README.md', 100);
    await writeAged('.env.example', 200);
    expect(await list()).toBe('4 files in the project, newest first:\nsrc/new.ts\nREADME.md\n.env.example\nsrc/old.ts');
    expect((await listFilesTool.run({}, toolContext(project.root))).details).toEqual({ kind: 'found', count: 4, noun: 'file' });
  });

  it('skips dependency, VCS and build folders and what the top-level .gitignore names', async () => {
    await writeAged('src/app.ts', 10);
    for (const skipped of [
      'node_modules/x/index.js',
      '.git/HEAD',
      'dist/app.js',
      'vendor/lib.php',
      'src/node_modules/y.js',
      'target/App.class',
      'api/__pycache__/app.pyc',
    ]) {
      await writeAged(skipped, 5);
    }
    await project.write('.gitignore', '# generated\nreports/\n*.log\n/bundle\n!keep.log\n\nsrc/generated\n');
    for (const ignored of ['reports/index.html', 'logs/server.log', 'bundle/out.js', 'src/generated/api.ts']) {
      await writeAged(ignored, 5);
    }
    await writeAged('lib/bundle/kept.js', 20);
    expect(await list()).toBe('3 files in the project, newest first:\n.gitignore\nsrc/app.ts\nlib/bundle/kept.js');
  });

  it('narrows with a folder and a pattern; a pattern without "/" matches names at any depth', async () => {
    await writeAged('src/a.ts', 30);
    await writeAged('src/deep/b.ts', 20);
    await writeAged('src/c.js', 10);
    await writeAged('test/a.test.ts', 5);
    expect(await list({ path: 'src', pattern: '*.ts' })).toBe('2 files in src/ matching *.ts, newest first:\nsrc/deep/b.ts\nsrc/a.ts');
    expect(await list({ pattern: 'src/*.ts' })).toBe('1 file in the project matching src/*.ts, newest first:\nsrc/a.ts');
    expect(await list({ path: 'src', pattern: '*.py' })).toBe('No files in src/ matching *.py');
  });

  it('lists an ignored folder when asked for it by name', async () => {
    await project.write('.gitignore', '/build\n');
    await writeAged('build/out.js', 5);
    expect(await list({ path: 'build' })).toBe('1 file in build/, newest first:\nbuild/out.js');
  });

  it('honours .gitignore files in subfolders, for their own folder only', async () => {
    await writeAged('api/src/app.ts', 30);
    await writeAged('api/tmp/cache.json', 20);
    await writeAged('api/out.log', 20);
    await writeAged('web/tmp/keep.json', 10);
    await writeAged('web/out.log', 10);
    await project.write('api/.gitignore', 'tmp/\n*.log\n');
    await utimes(path.join(project.root, 'api/.gitignore'), new Date(0), new Date(0));
    expect(await list()).toBe('4 files in the project, newest first:\nweb/out.log\nweb/tmp/keep.json\napi/src/app.ts\napi/.gitignore');
    expect(await list({ path: 'api/src' })).toBe('1 file in api/src/, newest first:\napi/src/app.ts');
  });

  it('limits the folder levels entered with depth', async () => {
    await writeAged('top.ts', 30);
    await writeAged('src/one.ts', 20);
    await writeAged('src/deep/two.ts', 10);
    expect(await list({ depth: 1 })).toBe('1 file in the project (depth 1), newest first:\ntop.ts');
    expect(await list({ depth: 2 })).toBe('2 files in the project (depth 2), newest first:\nsrc/one.ts\ntop.ts');
    expect(await list({ path: 'src', depth: 1, pattern: '*.ts' })).toBe('1 file in src/ matching *.ts (depth 1), newest first:\nsrc/one.ts');
  });

  it('caps the listing at 200 entries', async () => {
    for (let i = 0; i < 230; i++) await project.write(`many/f${String(i).padStart(3, '0')}.txt`, '');
    const lines = (await list({ path: 'many' })).split('\n');
    expect(lines[0]).toBe('230 files in many/, newest first:');
    expect(lines).toHaveLength(202);
    expect(lines.at(-1)).toBe('… and 30 more; narrow with path or pattern');
  });

  it('does not follow symlinks or let a pattern or path leave the project', async () => {
    await symlink(project.outside, path.join(project.root, 'away'));
    await writeAged('a.txt', 5);
    expect(await list()).toBe('1 file in the project (skipped 1 link that leads outside the project: away), newest first:\na.txt');
    await expect(list({ pattern: '../outside/*' })).rejects.toThrow('file pattern must stay inside the folder');
    await expect(list({ pattern: '/etc/*' })).rejects.toThrow('file pattern must stay inside the folder');
    for (const pattern of ['{..,src}/outside/*', '{/etc,x}/*', '\\.\\./outside/*', 'a/../../*']) {
      await expect(list({ pattern })).rejects.toThrow('file pattern must stay inside the folder');
    }
    await expect(list({ path: '..' })).rejects.toThrow('path escapes the project: ..');
    await expect(list({ path: 'away' })).rejects.toThrow('leaves the project through a symlink');
  });
});
