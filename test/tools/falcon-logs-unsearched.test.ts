import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProjectFilePaths } from '../../src/engines/code/project-files.js';
import { globTool } from '../../src/capabilities/code/tools/glob.js';
import { listFilesTool } from '../../src/capabilities/code/tools/list-files.js';
import { searchCodeTool } from '../../src/capabilities/code/tools/search-code.js';
import { requireTool } from '../support/required-tools.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

/** The paths findProjectFilePaths finds, as strings. */
const filePaths = async (...args: Parameters<typeof findProjectFilePaths>) => (await findProjectFilePaths(...args)).map((file) => file.path);

// Session logs and the input history hold whole conversations and whatever was pasted: no listing
// or search shows them, in the project's .falcon/ or a nested one, however they are asked for.

let project: TempProject;
const ctx = () => toolContext(project.root);

beforeEach(async () => {
  project = await createTempProject();
  await project.write('src/app.ts', 'const needle = 1;\n');
  await project.write('.falcon/sessions/2025-01-01-abc.jsonl', '{"role":"user","content":"needle sk-live-1234"}\n');
  await project.write('.falcon/input-history.jsonl', '"needle pasted"\n');
  await project.write('.falcon/reports/smoke_report_api_1.md', 'needle in a report\n');
  await project.write('api/.falcon/sessions/old.jsonl', 'needle nested\n');
  await project.write('src/sessions/store.ts', "// needle: a project folder named sessions is the project's own\n");
});
afterEach(async () => {
  await project.remove();
});

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

  it('skips session logs and the input history, keeps reports', options, async () => {
    expect(await search({ pattern: 'needle' })).toBe(
      [
        '3 matches for "needle":',
        '.falcon/reports/smoke_report_api_1.md:1: needle in a report',
        'src/app.ts:1: const needle = 1;',
        "src/sessions/store.ts:1: // needle: a project folder named sessions is the project's own",
      ].join('\n'),
    );
    for (const filePattern of ['*.jsonl', '**/sessions/**', '.falcon/**', 'sessions/*']) {
      expect(await search({ pattern: 'needle', file_pattern: filePattern })).not.toMatch(/jsonl|sk-live|pasted/);
    }
    expect(await search({ pattern: 'needle', path: '.falcon', file_pattern: 'sessions/*' })).toBe('No matches for "needle" in .falcon');
    expect(await search({ pattern: 'needle', path: '.falcon' })).toBe(
      '1 match for "needle" in .falcon:\n.falcon/reports/smoke_report_api_1.md:1: needle in a report',
    );
  });

  it('refuses to search inside them when asked by name', options, async () => {
    await expect(search({ pattern: 'needle', path: '.falcon/sessions' })).rejects.toThrow(
      ".falcon/sessions holds Falcon's session logs, which listings and searches skip",
    );
    await expect(search({ pattern: 'needle', path: '.falcon/input-history.jsonl' })).rejects.toThrow(
      ".falcon/input-history.jsonl holds Falcon's input history, which listings and searches skip",
    );
    await expect(search({ pattern: 'needle', path: 'api/.falcon/sessions/old.jsonl' })).rejects.toThrow('session logs');
  });
});

describe('glob and list_files', () => {
  it('do not list session logs or the input history', async () => {
    expect((await listFilesTool.run({ path: '.falcon' }, ctx())).text).toBe('1 file in .falcon/, newest first:\n.falcon/reports/smoke_report_api_1.md');
    expect((await globTool.run({ pattern: '**/*.jsonl' }, ctx())).text).toBe('No files in the project matching **/*.jsonl');
    expect((await globTool.run({ pattern: 'sessions/*', path: '.falcon' }, ctx())).text).toBe('No files in .falcon/ matching sessions/*');
    await expect(listFilesTool.run({ path: '.falcon/sessions' }, ctx())).rejects.toThrow("holds Falcon's session logs");
  });

  it('do not reach them through a link inside the project either', async () => {
    await symlink(path.join(project.root, '.falcon'), path.join(project.root, 'falcon-link'));
    expect((await globTool.run({ pattern: 'falcon-link/sessions/*' }, ctx())).text).toBe('No files in the project matching falcon-link/sessions/*');
    expect(await filePaths(project.root, { pattern: 'falcon-link/**' })).toEqual(['falcon-link/reports/smoke_report_api_1.md']);
  });
});
