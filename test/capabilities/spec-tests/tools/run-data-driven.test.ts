import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { runDataDrivenTool } from '../../../../src/capabilities/spec-tests/tools/run-data-driven.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { type UsersApi, startUsersApi } from '../../../apis/data-driven-users-api.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let api: UsersApi;
let project: TempProject;
let ctx: ToolContext;
beforeAll(async () => {
  api = await startUsersApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
  ctx.variables.session.set('BASE_URL', api.url);
  await project.write(
    '.falcon/requests/create-user.yaml',
    [
      'method: POST',
      'url: "{{BASE_URL}}/users"',
      'body:',
      '  name: "{{name}}"',
      '  age: "{{age}}"',
      'assertions:',
      '  json_path:',
      '    $.adult: true',
      '',
    ].join('\n'),
  );
});
afterEach(() => project.remove());

it('runs a saved request per CSV row, shows the failing row with its evidence and writes a report', async () => {
  await project.write('data/users.csv', 'name,age,api_token\nAda,36,tok-aaaaaaaa\nBob,41,tok-b\nGrace,12,tok-c\nLin,30,tok-d\nMo,50,tok-e\n');
  const { text: observation, details } = await runDataDrivenTool.run({ request: 'create-user', data: 'data/users.csv' }, ctx);
  const lines = observation.split('\n');
  expect(lines[0]).toMatch(
    new RegExp(`^Data-driven "create-user" with data/users\\.csv against ${api.url}: 5 cases in .* — 4 passed, 1 failed; operations covered 1/1\\.$`),
  );
  expect(lines[1]).toBe('Findings: assertion 1.');
  expect(details).toEqual({ kind: 'test_run', passed: 4, failed: 1, skipped: 0, durationMs: expect.any(Number) });
  expect(observation).toContain('✗ create-user row 3: name=Grace, age=12, api_token=[masked] [create-user/row-3] → 201');
  expect(observation).toContain('  - assertion: $.adult: expected true, actual false');
  expect(observation).toMatch(/reproduce: curl .*\/users/);
  const report = /Report: (\.falcon\/reports\/data_report_create-user_\d{8}-\d{6}\.md)/.exec(observation)?.[1];
  expect(report).toBeDefined();
  const text = await readFile(path.join(project.root, report!), 'utf8');
  expect(text).toContain('row 3');
  expect(text).not.toContain('tok-aaaaaaaa');
});

it('turns a bad data file, a missing request and a path outside the project into one-line errors', async () => {
  await project.write('ragged.csv', 'name,age\nAda,36\nBob\n');
  await expect(runDataDrivenTool.run({ request: 'create-user', data: 'ragged.csv' }, ctx)).rejects.toMatchObject({
    name: 'ToolError',
    message: 'ragged.csv line 3: 1 field where the header row has 2',
  });
  await expect(runDataDrivenTool.run({ request: 'nope', data: 'ragged.csv' }, ctx)).rejects.toMatchObject({
    name: 'ToolError',
    message: expect.stringMatching(/^No saved request "nope" in .*\. Saved requests: create-user\.$/),
  });
  await expect(runDataDrivenTool.run({ request: 'create-user', data: '../outside/secret.txt' }, ctx)).rejects.toMatchObject({
    name: 'ToolError',
    message: expect.stringMatching(/escapes the project/),
  });
  expect(await readdir(path.join(project.root, '.falcon'))).toEqual(['requests']);
});
