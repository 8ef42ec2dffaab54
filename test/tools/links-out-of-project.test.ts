import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProjectFilePaths } from '../../src/engines/code/project-files.js';
import { findHandlerTool } from '../../src/capabilities/code/tools/find-handler.js';
import { globTool } from '../../src/capabilities/code/tools/glob.js';
import { listFilesTool } from '../../src/capabilities/code/tools/list-files.js';
import { searchCodeTool } from '../../src/capabilities/code/tools/search-code.js';
import { requireTool } from '../support/required-tools.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

/** The paths findProjectFilePaths finds, as strings. */
const filePaths = async (...args: Parameters<typeof findProjectFilePaths>) => (await findProjectFilePaths(...args)).map((file) => file.path);

// Symlinks out of the project (a folder, a file), one inside, and loops, met by every tool that
// enumerates files. The outside folder holds secret.txt ("top secret") and a route file.

let project: TempProject;
const ctx = () => toolContext(project.root);
const link = (target: string, name: string) => symlink(target, path.join(project.root, name));

beforeEach(async () => {
  project = await createTempProject();
  await project.write('src/app.ts', "app.get('/health', (req, res) => res.send('top ok'));\n");
  await writeFile(path.join(project.outside, 'routes.js'), "app.get('/admin', (req, res) => res.send('top secret route'));\n");
  await link(project.outside, 'link');
  await link(path.join(project.outside, 'secret.txt'), 'file-link.txt');
  await link('src', 'inside');
  await link('loop', 'loop');
  await mkdir(path.join(project.root, 'nest'));
  await link('..', 'nest/up');
});
afterEach(async () => {
  await project.remove();
});

/** search_code through ripgrep and, with ripgrep off PATH, through the JavaScript search. */
const engines = [
  { engine: 'ripgrep', path: process.env.PATH, options: requireTool('rg') },
  { engine: 'javascript', path: '/nonexistent', options: {} },
];

describe.each(engines)('search_code ($engine)', ({ path: searchPath, options }) => {
  const search = async (args: { pattern: string; file_pattern?: string; path?: string }) => {
    const saved = process.env.PATH;
    process.env.PATH = searchPath;
    try {
      return (await searchCodeTool.run(args, ctx())).text;
    } finally {
      process.env.PATH = saved;
    }
  };

  it('does not read a file behind a link out that the file pattern names, and says so', options, async () => {
    for (const filePattern of ['link/secret.txt', 'link/**', '{src,link}/**', 'link/*.txt']) {
      const answer = await search({ pattern: 'top', file_pattern: filePattern });
      expect(answer).not.toContain('secret');
      expect(answer.split('\n')[0]).toContain('(skipped 1 link that leads outside the project: link)');
    }
    expect(await search({ pattern: 'top', file_pattern: 'link/**' })).toBe('No matches for "top" (skipped 1 link that leads outside the project: link)');
  });

  it('skips links out met while walking the project, and follows none', options, async () => {
    expect(await search({ pattern: 'top' })).toBe("1 match for \"top\":\nsrc/app.ts:1: app.get('/health', (req, res) => res.send('top ok'));");
    expect(await search({ pattern: 'top', file_pattern: '*.txt' })).toBe('No matches for "top"');
    await expect(search({ pattern: 'top', path: 'file-link.txt' })).rejects.toThrow('path leaves the project through a symlink');
  });

  it('follows a link inside the project that the file pattern names, and survives loops', options, async () => {
    expect(await search({ pattern: 'top', file_pattern: 'inside/*.ts' })).toBe(
      "1 match for \"top\":\ninside/app.ts:1: app.get('/health', (req, res) => res.send('top ok'));",
    );
    expect(await search({ pattern: 'top', file_pattern: 'loop/**' })).toBe('No matches for "top"');
    expect(await search({ pattern: 'top', file_pattern: 'nest/up/nest/up/src/*.ts' })).toContain('nest/up/nest/up/src/app.ts:1:');
  });
});

describe('glob and list_files', () => {
  it('do not list files behind a link out, and name the link', async () => {
    expect((await globTool.run({ pattern: 'link/**' }, ctx())).text).toBe(
      'No files in the project matching link/** (skipped 1 link that leads outside the project: link)',
    );
    expect((await globTool.run({ pattern: 'link/secret.txt' }, ctx())).text).toBe(
      'No files in the project matching link/secret.txt (skipped 1 link that leads outside the project: link)',
    );
    expect((await listFilesTool.run({ pattern: '{link,src}/*' }, ctx())).text).toBe(
      '1 file in the project matching {link,src}/* (skipped 1 link that leads outside the project: link), newest first:\nsrc/app.ts',
    );
  });

  it('name every link out the walk meets, and list the rest', async () => {
    expect((await listFilesTool.run({}, ctx())).text).toBe(
      '1 file in the project (skipped 2 links that lead outside the project: file-link.txt, link), newest first:\nsrc/app.ts',
    );
    expect((await globTool.run({ pattern: '*.txt' }, ctx())).text).toBe(
      'No files in the project matching *.txt (skipped 1 link that leads outside the project: file-link.txt)',
    );
  });

  it('follow a link inside the project that the pattern names, and survive loops', async () => {
    expect((await globTool.run({ pattern: 'inside/*' }, ctx())).text).toBe('1 file in the project matching inside/*, newest first:\ninside/app.ts');
    expect((await globTool.run({ pattern: 'loop/**' }, ctx())).text).toBe('No files in the project matching loop/**');
    expect((await globTool.run({ pattern: 'nest/up/**/app.ts' }, ctx())).text).toBe(
      '1 file in the project matching nest/up/**/app.ts, newest first:\nnest/up/src/app.ts',
    );
  });

  it('stop at a link out reached through a link inside', async () => {
    await link(project.outside, 'src/out');
    expect((await globTool.run({ pattern: 'inside/out/*' }, ctx())).text).toBe(
      'No files in the project matching inside/out/* (skipped 1 link that leads outside the project: inside/out)',
    );
  });
});

describe('other tools that enumerate files', () => {
  it('find_handler does not read route files behind a link out', async () => {
    await link(path.join(project.outside, 'routes.js'), 'src/admin-routes.js');
    await mkdir(path.join(project.outside, 'more'));
    await writeFile(path.join(project.outside, 'more', 'admin.js'), "app.get('/admin', (req, res) => res.send('x'));\n");
    const answer = await findHandlerTool.run({ method: 'GET', path: '/admin' }, ctx());
    expect(answer).not.toContain('secret');
    expect(answer).not.toMatch(/routes\.js|admin\.js/);
  });

  it('the engine behind them returns only files whose real path is inside', async () => {
    const found = await filePaths(project.root, { pattern: 'link/**' });
    expect(found).toEqual([]);
    const links: string[] = [];
    expect(await filePaths(project.root, { pattern: '**/*', onLinkOutside: (l) => links.push(l) })).toEqual(['src/app.ts']);
    expect(links).toEqual(['file-link.txt', 'link']);
  });
});
