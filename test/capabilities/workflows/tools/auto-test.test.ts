import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { autoTestTool } from '../../../../src/capabilities/workflows/tools/auto-test.js';
import type { Preview } from '../../../../src/kit/tool/preview.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { ScriptedModel } from '../../../support/scripted-model.js';
import { USERS_API_TOKEN, type UsersApi, startUsersApi } from '../../../apis/users-api.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let project: TempProject;
let api: UsersApi;
let ctx: ToolContext;
beforeEach(async () => {
  project = await createTempProject();
  api = await startUsersApi(project.root);
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\nAPI_TOKEN: ${USERS_API_TOKEN}\n`);
  ctx = toolContext(project.root, new AbortController().signal, 'dev');
});
afterEach(async () => {
  await api.stop();
  await project.remove();
});

const SCENARIOS = [
  {
    name: 'a valid user is created',
    request: { method: 'POST', path: '/users', headers: { Authorization: 'Bearer {{API_TOKEN}}' }, body: { name: 'Edsger' } },
    expectStatus: [201],
  },
  { name: 'no token is 401', request: { method: 'POST', path: '/users', body: { name: 'Edsger' } }, expectStatus: [401] },
  {
    name: 'an empty name is 422',
    request: { method: 'POST', path: '/users', headers: { Authorization: 'Bearer {{API_TOKEN}}' }, body: { name: '' } },
    expectStatus: [422],
  },
];
const deepModel = () => new ScriptedModel([`\`\`\`json\n${JSON.stringify(SCENARIOS)}\n\`\`\``]);
const args = autoTestTool.schema.parse({ method: 'POST', path: '/users' });
const suiteFile = () => readFile(path.join(project.root, '.falcon/tests/auto-post-users.yaml'), 'utf8');

describe('auto_test', () => {
  it('asks with the suite file as a diff, saves the passing scenarios after a yes, and reports the failing one', async () => {
    const asked: Array<[string, Preview]> = [];
    const deep = deepModel();
    const { text: output } = await autoTestTool.run(args, {
      ...ctx,
      model: new ScriptedModel([]),
      modelFor: (category) => (category === 'deep' ? deep : new ScriptedModel([])),
      approve: async (tool, preview) => {
        asked.push([tool, preview]);
        return true;
      },
    });
    expect(output.split('\n')[0]).toMatch(
      /^auto_test POST \/users: 3 scenarios written by script from routes\.js:19, run against http:\/\/127\.0\.0\.1:\d+ in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) — 2 passed, 1 failed\.$/,
    );
    expect(output).toContain('Saved suite "auto-post-users" with the 2 passing scenarios → .falcon/tests/auto-post-users.yaml');
    expect(output).toContain('✓ a valid user is created (201)\n✓ no token is 401 (401)');
    expect(output).toContain('✗ an empty name is 422 (expected 422) → 400');
    expect(output).toMatch(/Report: \.falcon\/reports\/auto-test_report_auto-post-users_/);

    expect(asked).toHaveLength(1);
    const [tool, preview] = asked[0]!;
    expect(tool).toBe('auto_test');
    expect(preview).toMatchObject({ kind: 'diff', path: '.falcon/tests/auto-post-users.yaml', isNew: true });
    const saved = await suiteFile();
    expect(preview.kind === 'diff' && preview.diff).toContain(`+${saved.split('\n')[1]}`);
    expect(saved).toContain('Bearer {{API_TOKEN}}');
    expect(saved).not.toContain(USERS_API_TOKEN);
    expect(saved).not.toContain('an empty name is 422');
  });

  it('writes nothing after a no', async () => {
    const { text: output } = await autoTestTool.run(args, { ...ctx, model: deepModel(), approve: async () => false });
    expect(output).toContain('The user declined saving the passing scenarios as .falcon/tests/auto-post-users.yaml: nothing was written.');
    await expect(suiteFile()).rejects.toThrow(/ENOENT/);
  });

  it('asks about the save with the call itself where nobody can be asked later', async () => {
    expect(await autoTestTool.preview!(args, { ...ctx, approve: async () => true })).toBeUndefined();
    const preview = await autoTestTool.preview!(args, ctx);
    expect(preview).toEqual({
      kind: 'info',
      title: 'auto_test POST /users',
      details:
        'Runs scenarios for POST /users against the API and saves the passing ones as .falcon/tests/auto-post-users.yaml (replacing a suite of that name).',
    });
    expect((await autoTestTool.run(args, { ...ctx, model: deepModel() })).text).toContain('Saved suite "auto-post-users"');
    expect(await suiteFile()).toContain('a valid user is created');
  });

  it('says what is missing without a spec operation or a model', async () => {
    await expect(autoTestTool.run(args, ctx)).rejects.toThrow(
      'no spec is ingested, and no model is available to write scenarios from the code: ingest a spec with the endpoint, or write cases with run_tests',
    );
    await expect(autoTestTool.run({ ...args, save_as: '../x' }, ctx)).rejects.toThrow(/cannot be a suite name/);
  });
});
