import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { autoFixTool } from '../../../../src/capabilities/workflows/tools/auto-fix.js';
import { editFileTool } from '../../../../src/capabilities/code/tools/edit-file.js';
import type { Preview } from '../../../../src/kit/tool/preview.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { ScriptedModel } from '../../../support/scripted-model.js';
import { type UsersApi, startUsersApi } from '../../../apis/users-api.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

const FIX = {
  old_string: 'candidate.id === req.params.id',
  new_string: 'candidate.id === Number(req.params.id)',
  explanation: 'Compares the id from the path as a number.',
};
const fixReply = () => `\`\`\`json\n${JSON.stringify(FIX)}\n\`\`\``;

let project: TempProject;
let api: UsersApi;
let ctx: ToolContext;
let original: string;
beforeEach(async () => {
  project = await createTempProject();
  api = await startUsersApi(project.root);
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\n`);
  await project.write(
    '.falcon/requests/read-ada.yaml',
    'method: GET\nurl: "{{BASE_URL}}/users/1"\nassertions:\n  status_code: 200\n  body_contains: Ada Lovelace\n',
  );
  ctx = toolContext(project.root, new AbortController().signal, 'dev');
  original = await routesNow();
});
afterEach(async () => {
  await api.stop();
  await project.remove();
});

const routesNow = () => readFile(path.join(project.root, 'routes.js'), 'utf8');
const fix = (args: Record<string, unknown>, context: ToolContext) => autoFixTool.run(autoFixTool.schema.parse(args), context);

describe('auto_fix', () => {
  it('asks with the diff, writes after a yes, and reports the case passing', async () => {
    const asked: Array<[string, Preview]> = [];
    const output = await fix(
      { request: { method: 'GET', url: '/users/1' }, expect: { status_code: 200, body_contains: 'Ada Lovelace' } },
      { ...ctx, model: fixModel(), approve: async (tool, preview) => (asked.push([tool, preview]), true) },
    );
    expect(output.split('\n').slice(0, 2)).toEqual([
      'Fixed: GET /users/1 passes after attempt 1 of 3 (HTTP 200 OK).',
      'Changed routes.js (+1 −1): Compares the id from the path as a number.',
    ]);
    expect(output).toContain('Before: HTTP 500 Internal Server Error — status: expected 200, actual 500 Internal Server Error');
    expect(output).toContain("TypeError: Cannot read properties of undefined (reading 'id') at routes.js:16");
    expect(output).toContain('1. routes.js — Compares the id from the path as a number. → passes, kept');
    expect(asked).toHaveLength(1);
    expect(asked[0]![0]).toBe('auto_fix');
    expect(asked[0]![1]).toMatchObject({ kind: 'diff', path: 'routes.js', isNew: false });
    expect(asked[0]![1].kind === 'diff' && asked[0]![1].diff).toContain('+    const user = users.find((candidate) => candidate.id === Number(req.params.id));');
    expect(await routesNow()).toContain(FIX.new_string);
  });

  it('says a no stopped it and leaves the file as it was', async () => {
    const output = await fix({ saved_request: 'read-ada' }, { ...ctx, model: fixModel(), approve: async () => false });
    expect(output).toBe(
      'The user declined the change to routes.js (attempt 1 of 3). Nothing was changed. Do not propose the same change again unless the user asks; ask what they want instead.',
    );
    expect(await routesNow()).toBe(original);
  });

  it('without a way to ask, proposes the change and writes nothing; edit_file can then apply it', async () => {
    const output = await fix({ saved_request: 'read-ada' }, { ...ctx, model: fixModel() });
    expect(output).toContain('Proposed a fix of routes.js for GET /users/1: Compares the id from the path as a number.');
    expect(output).toContain('Not applied: auto_fix cannot ask for approval here.');
    expect(await routesNow()).toBe(original);
    const call = JSON.parse(/^ACTION: edit_file\((.*)\)$/m.exec(output)![1]!) as { path: string; old_string: string; new_string: string };
    await editFileTool.run(call, ctx);
    expect(await routesNow()).toContain(FIX.new_string);
  });

  it('refuses a call that names no failing case, or two, and one without a model', async () => {
    const withModel = { ...ctx, model: fixModel() };
    await expect(fix({}, withModel)).rejects.toThrow(
      'give the failing case: request (with expect), saved_request (a name in .falcon/requests/), or suite and case',
    );
    await expect(fix({ saved_request: 'read-ada', suite: 's', case: 'c' }, withModel)).rejects.toThrow(
      'give one failing case, not saved_request and suite and case',
    );
    await expect(fix({ saved_request: 'read-ada', expect: { status_code: 200 } }, withModel)).rejects.toThrow(/^expect goes with request/);
    await expect(fix({ request: { method: 'GET', url: '/users/1' }, expect: { status: 200 } }, withModel)).rejects.toThrow(
      /^expect: assertions: unknown check status/,
    );
    await expect(fix({ saved_request: 'read-ada' }, ctx)).rejects.toThrow(/^auto_fix needs a model/);
  });
});

function fixModel(): ScriptedModel {
  return new ScriptedModel([fixReply()]);
}
