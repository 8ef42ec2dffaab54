import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidRegexError, formatCodeLines, formatCodeMatch, searchCode } from '../../src/engines/code/search-code.js';
import { FilePatternError } from '../../src/safety/file-pattern.js';
import { requireTool } from '../support/required-tools.js';
import { type TempProject, createTempProject } from '../tools/temp-project.js';

let project: TempProject;

beforeEach(async () => {
  project = await createTempProject();
  await project.write('src/routes/users.ts', "import { db } from '../db';\n\nexport function getUser(id) {\n  return db.find(id); // TODO: 404\n}\n");
  await project.write('src/routes/orders.ts', 'export function getOrder(id) {\n    throw new Error("TODO");\n}\n');
  await project.write('src/db.ts', 'export const db = { find: (id) => null };\n');
  await project.write('a/b.ts', 'TODO in a/b\n');
  await project.write('a-c.ts', 'TODO in a-c\n');
  await project.write('a.ts', 'TODO in a\r\nsecond line\r\n');
  await project.write('.github/ci.yml', '# TODO: cache\n');
  await project.write('README.md', 'Nothing to do here.\n');
  await project.write('node_modules/lib/index.js', 'TODO dependency\n');
  await project.write('dist/app.js', 'TODO built\n');
  await project.write('vendor/x.php', 'TODO vendor\n');
  await project.write('.git/config', 'TODO git\n');
  await project.write('logs/today.log', 'TODO log\n');
  await project.write('.gitignore', '*.log\n');
  await project.write('logo.png', Buffer.concat([Buffer.from('TODO'), Buffer.from([0, 1, 2]), Buffer.from('TODO\n')]));
  await symlink(path.join(project.outside, 'secret.txt'), path.join(project.root, 'secret-link.txt'));
  await project.write('../outside/TODO.txt', 'TODO outside\n');
});
afterEach(async () => {
  await project.remove();
});

const engines = [
  { name: 'javascript', preferRipgrep: false, options: {} },
  { name: 'ripgrep', preferRipgrep: true, options: requireTool('rg') },
] as const;

describe.each(engines)('searchCode with $name', ({ name, preferRipgrep, options }) => {
  const search = (pattern: string, options: { path?: string; filePattern?: string; maxMatches?: number } = {}) =>
    searchCode(project.root, { pattern, preferRipgrep, ...options });

  it('finds matches in path order, skipping dependencies, ignored, binary and linked files', options, async () => {
    const result = await search('TODO');
    expect(result.engine).toBe(name);
    expect(result.matches.map(formatCodeMatch)).toEqual([
      '.github/ci.yml:1: # TODO: cache',
      'a/b.ts:1: TODO in a/b',
      'a-c.ts:1: TODO in a-c',
      'a.ts:1: TODO in a',
      'src/routes/orders.ts:2: throw new Error("TODO");',
      'src/routes/users.ts:4: return db.find(id); // TODO: 404',
    ]);
    expect(result.totalMatches).toBe(6);
  });

  it('treats the pattern as a regex and narrows by folder, file pattern or single file', options, async () => {
    const byRegex = await search('get(User|Order)\\(');
    expect(byRegex.matches.map(formatCodeMatch)).toEqual([
      'src/routes/orders.ts:1: export function getOrder(id) {',
      'src/routes/users.ts:3: export function getUser(id) {',
    ]);
    expect((await search('find', { path: 'src/routes' })).matches.map((m) => m.path)).toEqual(['src/routes/users.ts']);
    expect((await search('TODO', { filePattern: '*.yml' })).matches.map((m) => m.path)).toEqual(['.github/ci.yml']);
    expect((await search('TODO', { path: 'src', filePattern: 'routes/u*.ts' })).matches.map((m) => m.path)).toEqual(['src/routes/users.ts']);
    expect((await search('id', { path: 'src/db.ts' })).matches.map(formatCodeMatch)).toEqual(['src/db.ts:1: export const db = { find: (id) => null };']);
    expect((await search('second line$')).totalMatches).toBe(0);
  });

  it('keeps the first matches and counts the rest', options, async () => {
    await project.write('big/many.txt', Array.from({ length: 250 }, (_, i) => `hit ${i + 1}`).join('\n'));
    const result = await search('hit', { maxMatches: 100 });
    expect(result.matches).toHaveLength(100);
    expect(result.matches.at(-1)).toEqual({ path: 'big/many.txt', line: 100, text: 'hit 100' });
    expect(result.totalMatches).toBe(250);
  });

  it('cuts very long lines', options, async () => {
    await project.write('min.js', `${'x'.repeat(1000)}needle\n`);
    const [match] = (await search('needle')).matches;
    expect(match?.text).toBe(`${'x'.repeat(300)}…`);
  });

  it('names the problem in an invalid regex', options, async () => {
    const error = await search('getUser(').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRegexError);
    expect((error as Error).message).toMatch(/^invalid regex "getUser\(": .*(unclosed|unterminated) group/i);
  });

  it('matches plain text when literal, and ignores case when asked', options, async () => {
    await project.write('calc.ts', 'total = a * (b + c);\nTOTAL = 1;\n');
    const literal = await searchCode(project.root, { pattern: 'a * (b', literal: true, preferRipgrep });
    expect(literal.matches.map(formatCodeMatch)).toEqual(['calc.ts:1: total = a * (b + c);']);
    const anyCase = await searchCode(project.root, { pattern: 'total =', ignoreCase: true, preferRipgrep });
    expect(anyCase.matches.map((m) => m.line)).toEqual([1, 2]);
  });

  it('adds context lines around the matches it keeps, merging groups that touch', options, async () => {
    await project.write('ctx/f.txt', ['a', 'hit 1', 'b', 'c', 'hit 2', 'd', 'e', 'f', 'g', 'hit 3', 'h'].join('\n'));
    const result = await searchCode(project.root, { pattern: 'hit', path: 'ctx', contextLines: 2, maxMatches: 2, preferRipgrep });
    expect(result.totalMatches).toBe(3);
    expect(formatCodeLines(result.lines, 2)).toEqual([
      'ctx/f.txt-1- a',
      'ctx/f.txt:2: hit 1',
      'ctx/f.txt-3- b',
      'ctx/f.txt-4- c',
      'ctx/f.txt:5: hit 2',
      'ctx/f.txt-6- d',
      'ctx/f.txt-7- e',
    ]);
  });

  it('honours .gitignore files in subfolders', options, async () => {
    await project.write('pkg/.gitignore', 'generated/\n');
    await project.write('pkg/generated/api.ts', 'TODO generated\n');
    await project.write('pkg/src/api.ts', 'TODO real\n');
    const result = await searchCode(project.root, { pattern: 'TODO', path: 'pkg', preferRipgrep });
    expect(result.matches.map((m) => m.path)).toEqual(['pkg/src/api.ts']);
  });

  it('refuses a file pattern that leaves the folder', options, async () => {
    await expect(search('TODO', { filePattern: '../outside/*' })).rejects.toThrow(FilePatternError);
  });
});

describe('searchCode engines agree', () => {
  it('ripgrep and the JavaScript fallback return the same matches', requireTool('rg'), async () => {
    for (const [pattern, options] of [
      ['TODO', {}],
      ['id', { path: 'src' }],
      ['\\bdb\\b', { filePattern: '*.ts' }],
    ] as const) {
      const viaRipgrep = await searchCode(project.root, { pattern, ...options, preferRipgrep: true });
      const viaJavaScript = await searchCode(project.root, { pattern, ...options, preferRipgrep: false });
      expect(viaRipgrep.engine).toBe('ripgrep');
      expect(viaJavaScript.matches).toEqual(viaRipgrep.matches);
      expect(viaJavaScript.totalMatches).toBe(viaRipgrep.totalMatches);
    }
  });

  it('agree on context, literal and case options too', requireTool('rg'), async () => {
    await project.write('src/more.ts', 'const A = 1;\nconst a = db.find(2);\n\n\n\nconst b = DB.find(3);\n');
    for (const options of [
      { pattern: 'find', contextLines: 2 },
      { pattern: 'db.find(', literal: true, contextLines: 1 },
      { pattern: 'DB', ignoreCase: true, contextLines: 3, maxMatches: 2 },
    ]) {
      const viaRipgrep = await searchCode(project.root, { ...options, preferRipgrep: true });
      const viaJavaScript = await searchCode(project.root, { ...options, preferRipgrep: false });
      expect(viaRipgrep.engine).toBe('ripgrep');
      expect(viaJavaScript.lines).toEqual(viaRipgrep.lines);
      expect(viaJavaScript.totalMatches).toBe(viaRipgrep.totalMatches);
    }
  });

  it('leaves a pattern that only JavaScript can read (look-around) to the JavaScript search', async () => {
    const result = await searchCode(project.root, { pattern: 'get(?=User)' });
    expect(result.engine).toBe('javascript');
    expect(result.matches.map(formatCodeMatch)).toEqual(['src/routes/users.ts:3: export function getUser(id) {']);
  });

  it('falls back to JavaScript when ripgrep is not on PATH', async () => {
    const savedPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const result = await searchCode(project.root, { pattern: 'getUser' });
      expect(result.engine).toBe('javascript');
      expect(result.totalMatches).toBe(1);
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    for (const preferRipgrep of [false, true]) {
      await expect(searchCode(project.root, { pattern: 'TODO', preferRipgrep, signal: controller.signal })).rejects.toThrow(/abort/i);
    }
  });
});
