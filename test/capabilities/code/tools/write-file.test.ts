import { createHash } from 'node:crypto';
import { chmod, lstat, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileTool } from '../../../../src/capabilities/code/tools/read-file.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { writeFileTool } from '../../../../src/capabilities/code/tools/write-file.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let context: ToolContext;
const ctx = () => context;
const read = async (filePath: string) => (await readFileTool.run({ path: filePath }, ctx())).text;
const preview = async (filePath: string, content: string) => (await writeFileTool.preview!({ path: filePath, content }, ctx()))!;
const write = async (filePath: string, content: string) => (await writeFileTool.run({ path: filePath, content }, ctx())).text;

beforeEach(async () => {
  project = await createTempProject();
  context = toolContext(project.root);
});
afterEach(async () => {
  await project.remove();
});

describe('write_file preview', () => {
  it('shows a new file as a diff from /dev/null and writes nothing', async () => {
    const result = await preview('src/new.ts', 'export const a = 1;\n');
    expect(result).toEqual({
      kind: 'diff',
      path: 'src/new.ts',
      isNew: true,
      diff: '--- /dev/null\n+++ b/src/new.ts\n@@ -0,0 +1,1 @@\n+export const a = 1;\n',
    });
    await expect(stat(path.join(project.root, 'src'))).rejects.toThrow();
  });

  it('shows changes to an existing file and leaves it as it was', async () => {
    await project.write('app.ts', 'one\ntwo\nthree\n');
    await read('app.ts');
    const result = await preview('app.ts', 'one\n2\nthree\n');
    expect(result).toMatchObject({ kind: 'diff', path: 'app.ts', isNew: false });
    expect(result.kind === 'diff' && result.diff).toBe('--- a/app.ts\n+++ b/app.ts\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n');
    expect(await readFile(path.join(project.root, 'app.ts'), 'utf8')).toBe('one\ntwo\nthree\n');
  });

  it('refuses folders, the root and binary files', async () => {
    await project.write('src/a.ts', '');
    await project.write('img.png', Buffer.from([1, 0, 2]));
    await expect(preview('src', 'x')).rejects.toThrow(new ToolError('src is a folder; give a file path'));
    await expect(preview('.', 'x')).rejects.toThrow('needs a file path');
    await expect(preview('img.png', 'x')).rejects.toThrow('img.png is a binary file');
  });
});

describe('write_file run', () => {
  it('creates parent folders and reports a new file', async () => {
    expect(await write('src/deep/er/x.ts', 'a\nb\n')).toBe('Created src/deep/er/x.ts (2 lines)');
    expect(await readFile(path.join(project.root, 'src/deep/er/x.ts'), 'utf8')).toBe('a\nb\n');
  });

  it('tells the screen the file, whether it is new, and the lines added and removed', async () => {
    const created = await writeFileTool.run({ path: 'notes.md', content: 'a\nb\nc\n' }, ctx());
    expect(created.details).toEqual({ kind: 'file_change', path: 'notes.md', created: true, linesAdded: 3, linesRemoved: 0 });
    await read('notes.md');
    const replaced = await writeFileTool.run({ path: 'notes.md', content: 'a\nB\n' }, ctx());
    expect(replaced.details).toEqual({ kind: 'file_change', path: 'notes.md', created: false, linesAdded: 1, linesRemoved: 2 });
  });

  it('replaces an existing file by rename, keeps its mode and leaves no temp file', async () => {
    const file = await project.write('bin/run.sh', 'echo one\necho two\n');
    await chmod(file, 0o755);
    await read('bin/run.sh');
    const before = await stat(file);
    expect(await write('bin/run.sh', 'echo one\necho 2\necho three\n')).toBe('Wrote bin/run.sh (3 lines, +2 −1)');
    const after = await stat(file);
    expect(after.ino).not.toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o755);
    expect(await readdir(path.dirname(file))).toEqual(['run.sh']);
    expect(await readFile(file, 'utf8')).toBe('echo one\necho 2\necho three\n');
  });

  it('writes through a symlink that stays inside, replacing its target', async () => {
    await project.write('real.txt', 'old\n');
    await symlink(path.join(project.root, 'real.txt'), path.join(project.root, 'alias.txt'));
    await read('real.txt');
    expect(await write('alias.txt', 'new\n')).toBe('Wrote real.txt (1 line, +1 −1)');
    expect(await readFile(path.join(project.root, 'real.txt'), 'utf8')).toBe('new\n');
    expect((await lstat(path.join(project.root, 'alias.txt'))).isSymbolicLink()).toBe(true);
  });

  it('refuses a path under a file', async () => {
    await project.write('file.txt', 'x');
    await expect(write('file.txt/child.txt', 'y')).rejects.toThrow(ToolError);
  });
});

describe('write_file replaces only files read first', () => {
  it('refuses to overwrite a file not read in this session; a new file needs no read', async () => {
    await project.write('app.ts', 'old\n');
    const message = 'read app.ts with read_file first: existing files are changed only after they were read in this session';
    await expect(preview('app.ts', 'new\n')).rejects.toThrow(new ToolError(message));
    await expect(write('app.ts', 'new\n')).rejects.toThrow(message);
    expect(await readFile(path.join(project.root, 'app.ts'), 'utf8')).toBe('old\n');
    expect(await write('fresh.ts', 'a\n')).toBe('Created fresh.ts (1 line)');
    expect(await write('fresh.ts', 'b\n')).toBe('Wrote fresh.ts (1 line, +1 −1)');
  });

  it('refuses a file changed on disk since it was read', async () => {
    const file = await project.write('app.ts', 'old\n');
    await read('app.ts');
    await writeFile(file, 'changed by the user\n');
    await expect(write('app.ts', 'new\n')).rejects.toThrow(/^app\.ts changed on disk since it was read \(then 4 bytes, .*now 20 bytes/);
    expect(await readFile(file, 'utf8')).toBe('changed by the user\n');
  });

  it('keeps a CRLF file CRLF when the new content has plain line feeds', async () => {
    const file = await project.write('win.txt', 'a\r\nb\r\n');
    await read('win.txt');
    expect((await preview('win.txt', 'a\nc\n')).kind === 'diff').toBe(true);
    expect(await write('win.txt', 'a\nc\n')).toBe('Wrote win.txt (2 lines, +1 −1)');
    expect(await readFile(file, 'utf8')).toBe('a\r\nc\r\n');
  });
});

describe('write_file stays inside the project', () => {
  const hash = async (file: string) =>
    createHash('sha256')
      .update(await readFile(file))
      .digest('hex');

  it.each([
    ['../outside/secret.txt', 'path escapes the project: ../outside/secret.txt'],
    ['../evil.txt', 'path escapes the project: ../evil.txt'],
    ['src/../../evil.txt', 'path escapes the project'],
    ['/etc/passwd', 'path escapes the project: /etc/passwd'],
    ['/tmp/falcon-evil.txt', 'path escapes the project'],
    ['x.txt\0/../../evil', 'path contains a NUL byte'],
  ])('refuses %j in preview and run', async (attack, message) => {
    const before = await project.snapshotOutside();
    const passwd = await hash('/etc/passwd');
    await expect(preview(attack, 'pwned')).rejects.toThrow(message);
    await expect(write(attack, 'pwned')).rejects.toThrow(message);
    expect(await project.snapshotOutside()).toEqual(before);
    expect(await hash('/etc/passwd')).toBe(passwd);
    await expect(stat('/tmp/falcon-evil.txt')).rejects.toThrow();
  });

  it('refuses an absolute path into the folder next door', async () => {
    const before = await project.snapshotOutside();
    const target = path.join(project.outside, 'secret.txt');
    await expect(write(target, 'pwned')).rejects.toThrow('path escapes the project');
    expect(await project.snapshotOutside()).toEqual(before);
  });

  it('refuses symlinks that lead outside: to a file, to a folder, and dangling', async () => {
    await symlink(path.join(project.outside, 'secret.txt'), path.join(project.root, 'secret-link'));
    await symlink(project.outside, path.join(project.root, 'out'));
    await symlink(path.join(project.outside, 'planted.txt'), path.join(project.root, 'dangling'));
    const before = await project.snapshotOutside();
    for (const attack of ['secret-link', 'out/secret.txt', 'out/new/planted.txt', 'dangling']) {
      await expect(preview(attack, 'pwned')).rejects.toThrow('path leaves the project through a symlink');
      await expect(write(attack, 'pwned')).rejects.toThrow('path leaves the project through a symlink');
    }
    expect(await project.snapshotOutside()).toEqual(before);
  });

  it('refuses percent-encoded dots and slashes instead of creating odd names', async () => {
    const before = await project.snapshotOutside();
    await expect(write('%2e%2e/%2e%2e/evil.txt', 'pwned\n')).rejects.toThrow('path contains percent-encoded dots or slashes');
    await expect(write('..%2fevil.txt', 'pwned\n')).rejects.toThrow('path contains percent-encoded dots or slashes');
    expect(await readdir(project.root)).toEqual([]);
    expect(await project.snapshotOutside()).toEqual(before);
  });
});
