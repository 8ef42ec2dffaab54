import { createHash } from 'node:crypto';
import { lstat, mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bashTool } from '../../src/capabilities/tasks/tools/bash.js';
import { editFileTool } from '../../src/capabilities/code/tools/edit-file.js';
import { globTool } from '../../src/capabilities/code/tools/glob.js';
import { listFilesTool } from '../../src/capabilities/code/tools/list-files.js';
import { readFileTool } from '../../src/capabilities/code/tools/read-file.js';
import { searchCodeTool } from '../../src/capabilities/code/tools/search-code.js';
import { ToolError, type ToolContext } from '../../src/kit/tool/tool.js';
import { writeFileTool } from '../../src/capabilities/code/tools/write-file.js';
import { ProjectPathError } from '../../src/safety/project-path.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

// Every file tool gets every path below and must refuse it with an expected error (never a crash,
// never a write), and the project's parent folder — the project, its sibling `outside/` with
// secret.txt, and a file beside them — must be exactly as before: same entries, mtimes and hashes.
// (The whole system temp folder is not snapshotted: other test files write there in parallel.)

let project: TempProject;
let base: string;
let ctx: ToolContext;
const planted = path.join(os.tmpdir(), `falcon-attack-planted-${process.pid}.txt`);

beforeAll(async () => {
  project = await createTempProject();
  base = path.dirname(project.root);
  ctx = toolContext(project.root);
  await writeFile(path.join(base, 'beside.txt'), 'next to the project\n');
  await project.write('src/app.js', 'top secret\n');
  await readFileTool.run({ path: 'src/app.js' }, ctx);
  const link = (target: string, name: string) => symlink(target, path.join(project.root, name));
  await link(path.join(project.outside, 'secret.txt'), 'link-file');
  await link(project.outside, 'link-dir');
  await link(base, 'link-parent');
  await link('chain-2', 'chain-1');
  await link('chain-3', 'chain-2');
  await link('../outside/secret.txt', 'chain-3');
  await link('dir-chain-2', 'dir-chain-1');
  await link('../outside', 'dir-chain-2');
  await link(path.join(project.outside, 'planted.txt'), 'dangling');
  await link('/etc', 'etc');
  await mkdir(path.join(project.root, 'foo'));
});
afterAll(async () => {
  await project.remove();
});

const attackPaths = (): string[] => [
  // traversal
  '..',
  '../',
  '../outside/secret.txt',
  '..\\outside\\secret.txt',
  'foo/../../x',
  'foo/../../outside/secret.txt',
  'src/..\\..\\outside\\secret.txt',
  '../project/../outside/secret.txt',
  '../../../../../../../../etc/passwd',
  // absolute paths elsewhere
  '/etc/passwd',
  '/etc',
  base,
  path.dirname(base),
  path.join(project.outside, 'secret.txt'),
  path.join(base, 'planted.txt'),
  planted,
  `${project.root}/../outside/secret.txt`,
  '//etc/passwd',
  '\\\\server\\share\\x',
  // symlinks out of the project: to a file, a folder, the parent, chains, a dangling one
  'link-file',
  'link-dir',
  'link-dir/secret.txt',
  'link-dir/planted.txt',
  'link-dir/new/planted.txt',
  'link-parent',
  'link-parent/outside/secret.txt',
  'link-parent/beside.txt',
  'chain-1',
  'dir-chain-1/secret.txt',
  'dir-chain-1',
  'dangling',
  'etc/passwd',
  // NUL bytes
  'src/app.js\0',
  'src/app.js\0.txt',
  '\0../outside/secret.txt',
  // odd encodings
  '%2e%2e%2foutside%2fsecret.txt',
  '%2e%2e/outside/secret.txt',
  '..%2f..%2fetc%2fpasswd',
  '%252e%252e%252f',
  '%c0%ae%c0%ae/outside/secret.txt',
  '%c0%ae%c0%ae%c0%afoutside',
  '%e0%80%ae%e0%80%ae/outside',
  '\uff0e\uff0e/outside/secret.txt',
  '\uff0e\uff0e\uff0foutside\uff0fsecret.txt',
  '..\uff0foutside',
  '\u2025/outside/secret.txt',
  '\ufe52\ufe52/outside',
  // trailing spaces and dots
  '.. /outside/secret.txt',
  '../outside/secret.txt ',
  '.../outside/secret.txt',
  '. ./outside',
  '.. ',
  '...',
  // long paths
  'x'.repeat(5000),
  `${'a'.repeat(300)}/b`,
  `${'../'.repeat(2000)}etc/passwd`,
  `${'foo/'.repeat(1200)}x`,
];

const attackPatterns = [
  '../outside/*',
  '../**',
  '/etc/*',
  '{..,src}/outside/*',
  '{/etc,src}/passwd',
  '\\.\\./outside/*',
  'src/../../outside/*',
  '**/../../outside/*',
  'x\0',
];

type Call = (attack: string) => Promise<unknown>;

/** Each way a tool can be handed a path (and a pattern), with the arguments that would do harm. */
const pathCalls: Record<string, Call[]> = {
  read_file: [(p) => readFileTool.run({ path: p }, ctx), (p) => readFileTool.run({ path: p, offset: 1, limit: 1 }, ctx)],
  write_file: [(p) => writeFileTool.preview!({ path: p, content: 'pwned\n' }, ctx), (p) => writeFileTool.run({ path: p, content: 'pwned\n' }, ctx)],
  edit_file: [
    (p) => editFileTool.preview!({ path: p, old_string: 'top secret', new_string: 'pwned' }, ctx),
    (p) => editFileTool.run({ path: p, old_string: 'top secret', new_string: 'pwned' }, ctx),
  ],
  list_files: [(p) => listFilesTool.run({ path: p }, ctx), (p) => listFilesTool.run({ path: p, pattern: '*', depth: 2 }, ctx)],
  glob: [(p) => globTool.run({ pattern: '**/*', path: p }, ctx)],
  search_code: [(p) => searchCodeTool.run({ pattern: 'secret|passwd|root', path: p }, ctx)],
  bash: [
    (p) => bashTool.preview!({ command: 'echo pwned > planted.txt', cwd: p }, ctx),
    (p) => bashTool.run({ command: `echo pwned > planted.txt; echo pwned > ${planted}`, cwd: p }, ctx),
  ],
};

const patternCalls: Record<string, Call[]> = {
  list_files: [(p) => listFilesTool.run({ pattern: p }, ctx)],
  glob: [(p) => globTool.run({ pattern: p }, ctx)],
  search_code: [(p) => searchCodeTool.run({ pattern: 'secret', file_pattern: p }, ctx)],
};

/** Every entry under `folder`: kind, size, mtime and content hash, so any change at all shows. */
async function snapshot(folder: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const folderInfo = await lstat(folder);
  result[folder] = `dir ${folderInfo.mtimeMs}`;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const absolute = path.join(folder, entry.name);
    const info = await lstat(absolute);
    if (entry.isDirectory()) Object.assign(result, await snapshot(absolute));
    else if (entry.isFile()) {
      const hash = createHash('sha256')
        .update(await readFile(absolute))
        .digest('hex');
      result[absolute] = `file ${info.size} ${info.mtimeMs} ${hash}`;
    } else result[absolute] = `${entry.isSymbolicLink() ? 'link' : 'other'} ${info.mtimeMs}`;
  }
  return result;
}

async function expectRefused(call: Call, attack: string): Promise<void> {
  const outcome = await call(attack).then(
    (output) => ({ output }),
    (error: unknown) => ({ error }),
  );
  const label = JSON.stringify(attack.length > 60 ? `${attack.slice(0, 60)}…` : attack);
  expect('error' in outcome, `${label} was accepted: ${JSON.stringify(outcome)}`).toBe(true);
  const { error } = outcome as { error: Error };
  expect(error instanceof ToolError || error instanceof ProjectPathError, `${label} crashed: ${error.stack}`).toBe(true);
  expect(error.message).not.toContain('top secret');
  expect(error.message).not.toMatch(/root:x:0:0/);
}

describe('attack corpus', () => {
  it.each(Object.keys(pathCalls))('%s refuses every attack path and changes nothing outside the project', async (tool) => {
    const before = await snapshot(base);
    const passwd = await readFile('/etc/passwd');
    for (const attack of attackPaths()) {
      for (const call of pathCalls[tool] as Call[]) await expectRefused(call, attack);
    }
    expect(await snapshot(base)).toEqual(before);
    expect(await readFile('/etc/passwd')).toEqual(passwd);
    await expect(lstat(planted)).rejects.toThrow('ENOENT');
  });

  it.each(Object.keys(patternCalls))('%s refuses every file pattern that would leave the folder', async (tool) => {
    const before = await snapshot(base);
    for (const attack of attackPatterns) {
      for (const call of patternCalls[tool] as Call[]) await expectRefused(call, attack);
    }
    expect(await snapshot(base)).toEqual(before);
  });

  it('still works inside the project (the corpus is refused for what it is, not because the tools are broken)', async () => {
    expect((await readFileTool.run({ path: 'src/app.js' }, ctx)).text).toBe('    1  top secret');
    expect((await listFilesTool.run({ path: 'src' }, ctx)).text).toContain('src/app.js');
    expect((await globTool.run({ pattern: '**/*.js' }, ctx)).text).toContain('src/app.js');
    expect((await searchCodeTool.run({ pattern: 'secret', path: 'src' }, ctx)).text).toContain('src/app.js:1: top secret');
    expect((await bashTool.run({ command: 'pwd', cwd: 'foo' }, ctx)).text).toContain(path.join(project.root, 'foo'));
    expect((await editFileTool.run({ path: 'src/app.js', old_string: 'top', new_string: 'no' }, ctx)).text).toMatch(/^Edited/);
    expect((await writeFileTool.run({ path: 'src/app.js', content: 'fine\n' }, ctx)).text).toMatch(/^Wrote/);
  });
});
