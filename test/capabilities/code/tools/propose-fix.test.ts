import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editFileTool } from '../../../../src/capabilities/code/tools/edit-file.js';
import { proposeFixTool } from '../../../../src/capabilities/code/tools/propose-fix.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { ScriptedModel } from '../../../support/scripted-model.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

const USERS = `export function describeUser(users, id) {
  const user = users.find((u) => u.id === id);
  return { id: user.id, name: user.name };
}

export function describeAdmin(admins, id) {
  const user = admins.find((u) => u.id === id);
  return { id: user.id, name: user.name };
}
`;

const GUARD = {
  old_string: '  const user = users.find((u) => u.id === id);\n  return { id: user.id, name: user.name };',
  new_string: '  const user = users.find((u) => u.id === id);\n  if (!user) return undefined;\n  return { id: user.id, name: user.name };',
  explanation: 'Returns undefined for an unknown id instead of reading .id of undefined.',
};
const REPEATED = { old_string: '  return { id: user.id, name: user.name };', new_string: '  return user && { id: user.id, name: user.name };' };

const reply = (edit: object, prose = 'Here is the fix:') => `${prose}\n\`\`\`json\n${JSON.stringify(edit, null, 2)}\n\`\`\``;

let project: TempProject;
let ctx: ToolContext;
const problem = "TypeError: Cannot read properties of undefined (reading 'id') at src/users.mjs:3 for an unknown id";

beforeEach(async () => {
  project = await createTempProject();
  await project.write('src/users.mjs', USERS);
  ctx = toolContext(project.root);
});
afterEach(async () => {
  await project.remove();
});

const fileNow = () => readFile(path.join(project.root, 'src/users.mjs'), 'utf8');

describe('propose_fix', () => {
  it('turns the model pair into a diff and an edit_file call that applies after approval', async () => {
    const model = new ScriptedModel([reply(GUARD)]);
    const output = await proposeFixTool.run({ path: 'src/users.mjs', problem }, { ...ctx, model });
    const call = JSON.stringify({ path: 'src/users.mjs', ...GUARD, explanation: undefined });
    expect(output).toBe(
      [
        'Proposed fix for src/users.mjs (+1 −0 at line 2): Returns undefined for an unknown id instead of reading .id of undefined.',
        '',
        '--- a/src/users.mjs',
        '+++ b/src/users.mjs',
        '@@ -1,6 +1,7 @@',
        ' export function describeUser(users, id) {',
        '   const user = users.find((u) => u.id === id);',
        '+  if (!user) return undefined;',
        '   return { id: user.id, name: user.name };',
        ' }',
        ' ',
        ' export function describeAdmin(admins, id) {',
        '',
        'Nothing is written yet. To apply it (the user sees this diff and approves or declines):',
        `ACTION: edit_file(${call})`,
      ].join('\n'),
    );
    expect(await fileNow()).toBe(USERS);

    // The model saw the whole file and the problem, once.
    expect(model.seen).toHaveLength(1);
    expect(model.seen[0]?.[1]?.content).toBe(`File: src/users.mjs\n\`\`\`\n${USERS}\`\`\`\n\nProblem: ${problem}`);

    // The call it names goes through edit_file's confirmation: the same diff, then the write.
    const args = JSON.parse(/^ACTION: edit_file\((.*)\)$/m.exec(output)?.[1] ?? '{}') as { path: string; old_string: string; new_string: string };
    const preview = await editFileTool.preview?.(args, ctx);
    expect(preview).toMatchObject({ kind: 'diff', path: 'src/users.mjs', isNew: false });
    expect(output).toContain(preview?.kind === 'diff' ? preview.diff.trimEnd() : 'no diff');
    await editFileTool.run(args, ctx);
    expect(await fileNow()).toBe(USERS.replace(GUARD.old_string, GUARD.new_string));
  });

  it('tells the model what was wrong once, and accepts the corrected pair', async () => {
    const model = new ScriptedModel([reply(REPEATED), reply(GUARD, '')]);
    const output = await proposeFixTool.run({ path: 'src/users.mjs', problem }, { ...ctx, model });
    expect(output).toContain('+  if (!user) return undefined;');
    expect(model.seen).toHaveLength(2);
    expect(model.seen[1]?.at(-1)?.content).toBe(
      'That change cannot be applied: old_string occurs 2 times (at lines 3, 8); add surrounding lines to make it unique. Reply again with the corrected JSON block only.',
    );
  });

  it('refuses an old_string that is not unique, and writes nothing', async () => {
    const model = new ScriptedModel([reply(REPEATED), reply(REPEATED)]);
    await expect(proposeFixTool.run({ path: 'src/users.mjs', problem }, { ...ctx, model })).rejects.toThrow(
      "the model's change does not apply to src/users.mjs: old_string occurs 2 times (at lines 3, 8); add surrounding lines to make it unique (after 2 attempts)",
    );
    expect(await fileNow()).toBe(USERS);
  });

  it('refuses text the file does not have, and replies without the JSON pair', async () => {
    const missing = new ScriptedModel([reply({ old_string: 'return user.email;', new_string: 'return user?.email;' }), 'I would add a guard.']);
    await expect(proposeFixTool.run({ path: 'src/users.mjs', problem }, { ...ctx, model: missing })).rejects.toThrow(
      'the reply holds no JSON object with old_string and new_string (after 2 attempts)',
    );
    expect(missing.seen[1]?.at(-1)?.content).toMatch(/^That change cannot be applied: old_string was not found/);
  });

  it('keeps CRLF files applicable: the pair is in \\n form, as edit_file takes it', async () => {
    await project.write('src/crlf.js', 'const a = 1;\r\nconst b = 2;\r\n');
    const model = new ScriptedModel([reply({ old_string: 'const b = 2;', new_string: 'const b = 3;' })]);
    const output = await proposeFixTool.run({ path: 'src/crlf.js', problem: 'b must be 3' }, { ...ctx, model });
    expect(output).toContain('-const b = 2;\n+const b = 3;');
    await editFileTool.run({ path: 'src/crlf.js', old_string: 'const b = 2;', new_string: 'const b = 3;' }, ctx);
    expect(await readFile(path.join(project.root, 'src/crlf.js'), 'utf8')).toBe('const a = 1;\r\nconst b = 3;\r\n');
  });

  it('fails clearly without a model, outside the project and on folders', async () => {
    await expect(proposeFixTool.run({ path: 'src/users.mjs', problem }, ctx)).rejects.toThrow(/^propose_fix needs a model/);
    const model = new ScriptedModel([]);
    await expect(proposeFixTool.run({ path: '../outside/secret.txt', problem }, { ...ctx, model })).rejects.toThrow('path escapes the project');
    await expect(proposeFixTool.run({ path: 'src', problem }, { ...ctx, model })).rejects.toThrow('src is not a file');
    expect(model.seen).toHaveLength(0);
  });
});
