import { createHash } from 'node:crypto';
import { mkdir, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileTool } from '../../../../src/capabilities/code/tools/read-file.js';
import { ToolError } from '../../../../src/kit/tool/tool.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
const read = async (args: { path: string; offset?: number; limit?: number }) => (await readFileTool.run(args, toolContext(project.root))).text;

beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

describe('read_file', () => {
  it('numbers lines, right-aligned, and shows a short file whole', async () => {
    await project.write('src/app.ts', 'const a = 1;\n\nexport { a };\n');
    expect(await read({ path: 'src/app.ts' })).toBe('    1  const a = 1;\n    2  \n    3  export { a };');
  });

  it('shows 2000 lines by default and says how to read on', async () => {
    const lines = Array.from({ length: 5400 }, (_, i) => `line ${i + 1}`);
    await project.write('big.txt', `${lines.join('\n')}\n`);
    const output = await read({ path: 'big.txt' });
    const shown = output.split('\n');
    expect(shown).toHaveLength(2001);
    expect(shown[1999]).toBe(' 2000  line 2000');
    expect(shown[2000]).toBe('… showing lines 1–2000 of 5400; call read_file with offset 2001 to read on');
  });

  it('reads a window with offset and limit', async () => {
    await project.write('f.txt', 'a\nb\nc\nd\ne\n');
    expect(await read({ path: 'f.txt', offset: 2, limit: 2 })).toBe('    2  b\n    3  c\n… showing lines 2–3 of 5; call read_file with offset 4 to read on');
    expect(await read({ path: 'f.txt', offset: 4 })).toBe('    4  d\n    5  e\n… showing lines 4–5 of 5');
  });

  it('stops at 256 KB per call and cuts very long lines', async () => {
    const line = 'x'.repeat(1500);
    await project.write('wide.txt', `${Array.from({ length: 400 }, () => line).join('\n')}\n${'y'.repeat(5000)}\n`);
    const output = await read({ path: 'wide.txt' });
    expect(Buffer.byteLength(output)).toBeLessThanOrEqual(256 * 1024 + 200);
    expect(output).toMatch(/… showing lines 1–\d+ of 401 \(256 KB per call\); call read_file with offset \d+ to read on$/);
    expect(await read({ path: 'wide.txt', offset: 401 })).toContain('… [line cut, 5000 chars]');
  });

  it('handles CRLF, empty files and an offset past the end', async () => {
    await project.write('crlf.txt', 'one\r\ntwo\r\n');
    expect(await read({ path: 'crlf.txt' })).toBe('    1  one\n    2  two');
    await project.write('empty.txt', '');
    expect(await read({ path: 'empty.txt' })).toBe('empty.txt is empty (0 lines)');
    await expect(read({ path: 'crlf.txt', offset: 9 })).rejects.toThrow('offset 9 is past the end of crlf.txt (2 lines)');
  });

  it('tells the screen the path and the lines shown of how many, or the entries of a folder', async () => {
    const details = async (args: { path: string; offset?: number; limit?: number }) => (await readFileTool.run(args, toolContext(project.root))).details;
    await project.write('src/f.txt', 'a\nb\nc\nd\ne\n');
    await project.write('empty.txt', '');
    expect(await details({ path: 'src/f.txt' })).toEqual({ kind: 'file_read', path: 'src/f.txt', firstLine: 1, lastLine: 5, totalLines: 5 });
    expect(await details({ path: 'src/f.txt', offset: 2, limit: 2 })).toEqual({
      kind: 'file_read',
      path: 'src/f.txt',
      firstLine: 2,
      lastLine: 3,
      totalLines: 5,
    });
    expect(await details({ path: 'empty.txt' })).toEqual({ kind: 'file_read', path: 'empty.txt', firstLine: 0, lastLine: 0, totalLines: 0 });
    expect(await details({ path: 'src' })).toEqual({ kind: 'found', count: 1, noun: 'entry' });
  });

  it('lists a folder, folders first with a trailing slash', async () => {
    await project.write('src/b.ts', '');
    await project.write('src/a.ts', '');
    await project.write('src/lib/c.ts', '');
    expect(await read({ path: 'src' })).toBe('src/: 1 folder, 2 files\nlib/\na.ts\nb.ts');
    expect(await read({ path: '.' })).toBe('project root: 1 folder, 0 files\nsrc/');
  });

  it('refuses binary files by name and reports missing files', async () => {
    await project.write('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
    await expect(read({ path: 'logo.png' })).rejects.toThrow(new ToolError('logo.png is a binary file; read_file shows text files only'));
    await expect(read({ path: 'nope.txt' })).rejects.toThrow('no such file: nope.txt');
  });

  it('records the real path, mtime, size and hash of the whole file read, even of a window', async () => {
    const file = await project.write('src/big.ts', 'a\nb\nc\n');
    await symlink(file, path.join(project.root, 'alias.ts'));
    await project.write('img.png', Buffer.from([1, 0, 2]));
    const ctx = toolContext(project.root);
    await readFileTool.run({ path: 'alias.ts', offset: 2, limit: 1 }, ctx);
    expect(ctx.session.fileReads.get(file)).toEqual({
      mtimeMs: (await stat(file)).mtimeMs,
      size: 6,
      sha256: createHash('sha256').update('a\nb\nc\n').digest('hex'),
    });
    await readFileTool.run({ path: 'src' }, ctx);
    await expect(readFileTool.run({ path: 'img.png' }, ctx)).rejects.toThrow('binary');
    expect(ctx.session.fileReads.get(path.join(project.root, 'src'))).toBeUndefined();
    expect(ctx.session.fileReads.get(path.join(project.root, 'img.png'))).toBeUndefined();
  });

  describe('stays inside the project', () => {
    it('refuses ../, absolute paths elsewhere and NUL bytes', async () => {
      await expect(read({ path: '../outside/secret.txt' })).rejects.toThrow('path escapes the project: ../outside/secret.txt');
      await expect(read({ path: 'src/../../outside/secret.txt' })).rejects.toThrow('path escapes the project');
      await expect(read({ path: '/etc/passwd' })).rejects.toThrow('path escapes the project: /etc/passwd');
      await expect(read({ path: path.join(project.outside, 'secret.txt') })).rejects.toThrow('path escapes the project');
      await expect(read({ path: 'a.txt\0../../etc/passwd' })).rejects.toThrow('path contains a NUL byte');
    });

    it('refuses symlinks whose real path leaves the project', async () => {
      await symlink(path.join(project.outside, 'secret.txt'), path.join(project.root, 'secret-link'));
      await symlink(project.outside, path.join(project.root, 'outside-dir'));
      await expect(read({ path: 'secret-link' })).rejects.toThrow('path leaves the project through a symlink: secret-link');
      await expect(read({ path: 'outside-dir/secret.txt' })).rejects.toThrow('leaves the project through a symlink');
      await expect(read({ path: 'outside-dir' })).rejects.toThrow('leaves the project through a symlink');
    });

    it('follows symlinks that stay inside', async () => {
      await project.write('real/notes.md', 'inside\n');
      await symlink(path.join(project.root, 'real'), path.join(project.root, 'alias'));
      expect(await read({ path: 'alias/notes.md' })).toBe('    1  inside');
    });

    it('refuses percent-encoded dots, even for a folder of that name inside the project', async () => {
      await expect(read({ path: '%2e%2e/outside/secret.txt' })).rejects.toThrow(
        'path contains percent-encoded dots or slashes; give the plain path: "%2e%2e/outside/secret.txt"',
      );
      await mkdir(path.join(project.root, '%2e%2e'));
      await project.write('%2e%2e/x.txt', 'literal\n');
      await expect(read({ path: '%2e%2e/x.txt' })).rejects.toThrow('percent-encoded');
      await project.write('100%25.txt', 'a percent sign that encodes no dot or slash is fine\n');
      expect(await read({ path: '100%25.txt' })).toBe('    1  a percent sign that encodes no dot or slash is fine');
    });

    it('accepts an absolute path inside the project', async () => {
      const file = await project.write('in.txt', 'ok\n');
      expect(await read({ path: file })).toBe('    1  ok');
    });
  });
});
