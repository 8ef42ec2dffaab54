import { chmod, readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { editFileTool } from '../../../../src/capabilities/code/tools/edit-file.js';
import { readFileTool } from '../../../../src/capabilities/code/tools/read-file.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let ctx: ToolContext;
type EditArgs = { path: string; old_string: string; new_string: string; replace_all?: boolean };
const edit = async (args: EditArgs) => (await editFileTool.run(args, ctx)).text;
const preview = (args: EditArgs) => editFileTool.preview!(args, ctx);
const read = async (file: string) => (await readFileTool.run({ path: file }, ctx)).text;
const content = (file: string) => readFile(path.join(project.root, file), 'utf8');

const handler = "app.get('/users/:id', (req, res) => {\n  const user = users.find(req.params.id);\n  res.json(user.name);\n});\n";

beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
  await project.write('src/app.js', handler);
});
afterEach(async () => {
  await project.remove();
});

describe('edit_file', () => {
  it('previews the change as a unified diff and writes nothing', async () => {
    await read('src/app.js');
    const result = await preview({ path: 'src/app.js', old_string: 'res.json(user.name);', new_string: 'res.json(user);' });
    expect(result).toEqual({
      kind: 'diff',
      path: 'src/app.js',
      isNew: false,
      diff:
        '--- a/src/app.js\n+++ b/src/app.js\n@@ -1,4 +1,4 @@\n' +
        " app.get('/users/:id', (req, res) => {\n   const user = users.find(req.params.id);\n-  res.json(user.name);\n+  res.json(user);\n });\n",
    });
    expect(await content('src/app.js')).toBe(handler);
    expect(editFileTool.kind).toBe('write');
  });

  it('writes the change and reports where, what and the diff', async () => {
    await read('src/app.js');
    const output = await edit({
      path: 'src/app.js',
      old_string: '  res.json(user.name);',
      new_string: "  if (!user) return res.status(404).json({ error: 'not found' });\n  res.json(user.name);",
    });
    expect(output.split('\n')[0]).toBe('Edited src/app.js: replaced 1 occurrence at line 3 (+1 −0)');
    expect(output).toContain("+  if (!user) return res.status(404).json({ error: 'not found' });");
    expect(await content('src/app.js')).toContain("  if (!user) return res.status(404).json({ error: 'not found' });\n  res.json(user.name);\n");
  });

  it('tells the screen the file and the lines added and removed', async () => {
    await read('src/app.js');
    const result = await editFileTool.run({ path: 'src/app.js', old_string: '  res.json(user.name);', new_string: '  res.json(user);\n  res.end();' }, ctx);
    expect(result.details).toEqual({ kind: 'file_change', path: 'src/app.js', created: false, linesAdded: 2, linesRemoved: 1 });
  });

  it('allows edit after edit without reading again', async () => {
    await read('src/app.js');
    await edit({ path: 'src/app.js', old_string: 'user.name', new_string: 'user' });
    await edit({ path: 'src/app.js', old_string: 'users.find', new_string: 'users.get' });
    expect(await content('src/app.js')).toBe(handler.replace('user.name', 'user').replace('users.find', 'users.get'));
  });

  it('refuses a file not read in this session', async () => {
    const args = { path: 'src/app.js', old_string: 'user.name', new_string: 'user' };
    const message = 'read src/app.js with read_file first: existing files are changed only after they were read in this session';
    await expect(preview(args)).rejects.toThrow(message);
    await expect(edit(args)).rejects.toThrow(message);
    await read('src/app.js');
    await expect(editFileTool.run(args, toolContext(project.root))).rejects.toThrow(message);
  });

  it('refuses a file changed on disk since it was read, even within the same second', async () => {
    await read('src/app.js');
    const file = path.join(project.root, 'src/app.js');
    const { mtime } = await stat(file);
    await writeFile(file, handler.replace('users', 'people'));
    await utimes(file, mtime, mtime);
    await expect(edit({ path: 'src/app.js', old_string: 'user.name', new_string: 'user' })).rejects.toThrow(
      /^src\/app\.js changed on disk since it was read \(then 107 bytes, modified \d\d:\d\d:\d\d; now 108 bytes, modified \d\d:\d\d:\d\d\); read it again with read_file, then retry$/,
    );
    await read('src/app.js');
    await edit({ path: 'src/app.js', old_string: 'user.name', new_string: 'user' });
    expect(await content('src/app.js')).toBe(handler.replace('users', 'people').replace('user.name', 'user'));
  });

  it('accepts a file only touched since it was read', async () => {
    await read('src/app.js');
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(project.root, 'src/app.js'), later, later);
    // Same bytes, another modification time: the edit goes through as if nothing had happened.
    const output = await edit({ path: 'src/app.js', old_string: 'user.name', new_string: 'user' });
    expect(output.split('\n')[0]).toBe('Edited src/app.js: replaced 1 occurrence at line 3 (+1 −1)');
    expect(await content('src/app.js')).toBe(handler.replace('user.name', 'user'));
  });

  it('counts a read through a symlink as a read of the real file', async () => {
    const { symlink } = await import('node:fs/promises');
    await symlink(path.join(project.root, 'src/app.js'), path.join(project.root, 'alias.js'));
    await read('alias.js');
    expect(await edit({ path: 'src/app.js', old_string: 'user.name', new_string: 'user' })).toMatch(/^Edited src\/app\.js/);
  });

  it('matches with whitespace ignored and re-indents, and says so', async () => {
    await read('src/app.js');
    const output = await edit({
      path: 'src/app.js',
      old_string: 'const user = users.find(req.params.id);\nres.json(user.name);',
      new_string: 'const user = users.find(req.params.id);\nif (!user) {\n  return res.sendStatus(404);\n}\nres.json(user.name);',
    });
    expect(output.split('\n')[0]).toBe(
      'Edited src/app.js: replaced 1 occurrence at line 2 (+3 −0); matched with whitespace ignored and re-indented to the surrounding code',
    );
    expect(await content('src/app.js')).toBe(
      "app.get('/users/:id', (req, res) => {\n  const user = users.find(req.params.id);\n  if (!user) {\n    return res.sendStatus(404);\n  }\n  res.json(user.name);\n});\n",
    );
  });

  it('refuses an ambiguous edit, naming the lines, and replaces all when asked', async () => {
    await project.write('src/routes.js', "get('/a');\nget('/b');\nget('/c');\n");
    await read('src/routes.js');
    await expect(edit({ path: 'src/routes.js', old_string: 'get(', new_string: 'router.get(' })).rejects.toThrow(
      'src/routes.js: old_string occurs 3 times (at lines 1, 2, 3); add surrounding lines to make it unique, or set replace_all to change every occurrence',
    );
    const output = await edit({ path: 'src/routes.js', old_string: 'get(', new_string: 'router.get(', replace_all: true });
    expect(output.split('\n')[0]).toBe('Edited src/routes.js: replaced 3 occurrences at lines 1, 2, 3 (+3 −3)');
  });

  it('says when old_string is not there and shows the closest lines', async () => {
    await read('src/app.js');
    await expect(edit({ path: 'src/app.js', old_string: 'res.json(user.nam)', new_string: 'x' })).rejects.toThrow(
      /^src\/app\.js: old_string was not found, not even with whitespace ignored\. The closest text \(\d+% similar\) is at line 3:\n    3    res\.json\(user\.name\);\n/,
    );
  });

  it('keeps CRLF line endings and the file mode, and writes atomically', async () => {
    const file = await project.write('win.js', 'one();\r\ntwo();\r\nthree();\r\n');
    await chmod(file, 0o640);
    await read('win.js');
    await edit({ path: 'win.js', old_string: 'two();\nthree();', new_string: 'two(1);\nthree();\nfour();' });
    expect(await content('win.js')).toBe('one();\r\ntwo(1);\r\nthree();\r\nfour();\r\n');
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(await readdir(project.root)).toEqual(['src', 'win.js']);
  });

  it('refuses missing files, folders and binary files', async () => {
    await project.write('logo.png', Buffer.from([0x89, 0x50, 0, 1]));
    await expect(edit({ path: 'nope.js', old_string: 'a', new_string: 'b' })).rejects.toThrow('no such file: nope.js (write_file creates files)');
    await expect(edit({ path: 'src', old_string: 'a', new_string: 'b' })).rejects.toThrow('src is a folder; give a file path');
    await expect(edit({ path: 'logo.png', old_string: 'a', new_string: 'b' })).rejects.toThrow('logo.png is a binary file');
  });
});
