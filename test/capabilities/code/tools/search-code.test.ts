import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchCodeTool } from '../../../../src/capabilities/code/tools/search-code.js';
import { ToolError } from '../../../../src/kit/tool/tool.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
const search = (args: {
  pattern: string;
  path?: string;
  file_pattern?: string;
  literal?: boolean;
  ignore_case?: boolean;
  context_lines?: number;
  limit?: number;
}) => searchCodeTool.run(args, toolContext(project.root)).then((result) => result.text);

beforeEach(async () => {
  project = await createTempProject();
  await project.write('src/users.ts', 'export function getUser(id) {\n  return null;\n}\n');
  await project.write('src/orders.ts', 'export function getOrder(id) {}\n');
});
afterEach(async () => {
  await project.remove();
});

describe('search_code', () => {
  it('answers with a count, then path:line: text lines', async () => {
    expect(await search({ pattern: 'function get\\w+' })).toBe(
      '2 matches for "function get\\w+":\nsrc/orders.ts:1: export function getOrder(id) {}\nsrc/users.ts:1: export function getUser(id) {',
    );
    expect(await search({ pattern: 'return', path: 'src/users.ts' })).toBe('1 match for "return" in src/users.ts:\nsrc/users.ts:2: return null;');
  });

  it('tells the screen how many matches in how many files, the files only when every match is known', async () => {
    const details = async (args: { pattern: string; limit?: number }) => (await searchCodeTool.run(args, toolContext(project.root))).details;
    expect(await details({ pattern: 'function get\\w+' })).toEqual({ kind: 'found', count: 2, noun: 'match', files: 2 });
    expect(await details({ pattern: 'deleteUser' })).toEqual({ kind: 'found', count: 0, noun: 'match', files: 0 });
    expect(await details({ pattern: 'export', limit: 1 })).toEqual({ kind: 'found', count: 2, noun: 'match' });
  });

  it('says so when nothing matches', async () => {
    expect(await search({ pattern: 'deleteUser', path: 'src', file_pattern: '*.ts' })).toBe('No matches for "deleteUser" in src');
  });

  it('shows the first 100 matches and counts the rest', async () => {
    await project.write('data.txt', Array.from({ length: 130 }, () => 'row').join('\n'));
    const lines = (await search({ pattern: 'row' })).split('\n');
    expect(lines[0]).toBe('130 matches for "row":');
    expect(lines).toHaveLength(102);
    expect(lines.at(-1)).toBe('… 30 more matches; narrow with path or file_pattern, or raise limit');
  });

  it('shows as many matches as limit asks', async () => {
    await project.write('data.txt', Array.from({ length: 130 }, () => 'row').join('\n'));
    const lines = (await search({ pattern: 'row', limit: 3 })).split('\n');
    expect(lines).toEqual([
      '130 matches for "row":',
      'data.txt:1: row',
      'data.txt:2: row',
      'data.txt:3: row',
      '… 127 more matches; narrow with path or file_pattern, or raise limit',
    ]);
  });

  it('matches plain text with literal and ignores case with ignore_case', async () => {
    await project.write('src/price.ts', 'const total = price * (1 + TAX);\nconst t = price + 1;\n');
    expect(await search({ pattern: 'price * (1', literal: true })).toBe('1 match for "price * (1":\nsrc/price.ts:1: const total = price * (1 + TAX);');
    expect(await search({ pattern: 'getuser', ignore_case: true })).toBe('1 match for "getuser":\nsrc/users.ts:1: export function getUser(id) {');
  });

  it('shows context lines as path-line- text, keeping indentation, with -- between groups', async () => {
    await project.write('src/z.ts', 'one\ntwo\n  hit\nthree\nfour\nfive\nsix\n  hit\nseven\n');
    expect(await search({ pattern: 'hit', path: 'src/z.ts', context_lines: 1 })).toBe(
      [
        '2 matches for "hit" in src/z.ts:',
        'src/z.ts-2- two',
        'src/z.ts:3:   hit',
        'src/z.ts-4- three',
        '--',
        'src/z.ts-7- six',
        'src/z.ts:8:   hit',
        'src/z.ts-9- seven',
      ].join('\n'),
    );
  });

  it('turns an invalid regex, a bad file pattern and an escaping path into tool errors', async () => {
    await expect(search({ pattern: '(unclosed' })).rejects.toThrow(ToolError);
    await expect(search({ pattern: '(unclosed' })).rejects.toThrow(/^invalid regex "\(unclosed": /);
    await expect(search({ pattern: 'x', file_pattern: '../*' })).rejects.toThrow(ToolError);
    await expect(search({ pattern: 'x', path: '../outside' })).rejects.toThrow('path escapes the project: ../outside');
    await expect(search({ pattern: 'x', path: 'missing' })).rejects.toThrow('no such file: missing');
  });
});
