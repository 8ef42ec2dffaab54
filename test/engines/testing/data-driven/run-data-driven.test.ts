import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { readDataRows } from '../../../../src/engines/testing/data-driven/read-data-rows.js';
import { runDataDriven } from '../../../../src/engines/testing/data-driven/run-data-driven.js';
import type { SavedRequest } from '../../../../src/workspace/saved-requests.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { type TempProject, createTempProject } from '../../../tools/temp-project.js';
import { type UsersApi, startUsersApi } from '../../../apis/data-driven-users-api.js';

let api: UsersApi;
let project: TempProject;
let variables: VariableScope;
beforeAll(async () => {
  api = await startUsersApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  project = await createTempProject();
  variables = new VariableScope(project.root, {});
  variables.session.set('BASE_URL', api.url);
  variables.session.set('password', 'session-pw');
  variables.session.set('name', 'from the session');
});
afterEach(() => project.remove());

const createUser: SavedRequest = {
  name: 'create-user',
  method: 'POST',
  url: '{{BASE_URL}}/users',
  headers: { 'x-password': '{{password}}' },
  body: { name: '{{name}}', age: '{{age}}' },
  assertions: { status_code: 201, json_path: { '$.adult': true } },
};

it('sends the request once per row, the row filling its placeholders, and checks each answer', async () => {
  await project.write(
    'users.csv',
    'name,age,password,expected_status\nAda,36,hunter2-secret,\n"Lovelace, Ada",41,pw2,\nGrace,12,pw3,\n"Multi\nLine",30,pw4,201\nBad,abc,pw5,400\n',
  );
  const run = await runDataDriven(createUser, await readDataRows(project.root, 'users.csv'), { variables });
  expect(api.received.slice(-5)).toEqual([
    { name: 'Ada', age: '36' },
    { name: 'Lovelace, Ada', age: '41' },
    { name: 'Grace', age: '12' },
    { name: 'Multi\nLine', age: '30' },
    { name: 'Bad', age: 'abc' },
  ]);
  expect(run).toMatchObject({ title: 'Data-driven "create-user" with users.csv', baseUrl: api.url, operations: { total: 1, covered: 1 } });
  expect(run.results.map((result) => [result.case.name, result.outcome])).toEqual([
    ['create-user row 1: name=Ada, age=36, password=[masked]', 'passed'],
    ['create-user row 2: name=Lovelace, Ada, age=41, password=[masked]', 'passed'],
    ['create-user row 3: name=Grace, age=12, password=[masked]', 'failed'],
    ['create-user row 4: name=Multi Line, age=30, password=[masked]', 'passed'],
    ['create-user row 5: name=Bad, age=abc, password=[masked]', 'passed'],
  ]);
  const failed = run.results[2]!;
  expect(failed.case).toMatchObject({ id: 'create-user/row-3', kind: 'data' });
  expect(failed.findings).toEqual([{ kind: 'assertion', message: '$.adult: expected true, actual false' }]);
  expect(failed.request).toMatchObject({ method: 'POST', url: `${api.url}/users`, headers: { 'x-password': '[masked]' } });
  expect(failed.response).toMatchObject({ status: 201, body: expect.stringContaining('"adult":false') });
  expect(run.results[4]!.case.expectStatus).toEqual([400]);
  expect(JSON.stringify(run)).not.toContain('hunter2-secret');
});

it('wants a 2xx from a row without expected_status, and the expected status from one with it', async () => {
  await project.write(
    'rows.json',
    JSON.stringify([
      { name: 'A', age: 'x' },
      { name: 'B', age: 20, expected_status: '400|422' },
    ]),
  );
  const run = await runDataDriven({ ...createUser, assertions: undefined }, await readDataRows(project.root, 'rows.json'), { variables });
  expect(run.results.map((result) => result.findings)).toEqual([
    [{ kind: 'expected_status', message: "status 400 Bad Request is not a 2xx (a row's expected_status column can expect another)" }],
    [{ kind: 'expected_status', message: "status 201 Created; the row's expected_status is 400 or 422" }],
  ]);
});

it('stops after the first failed row when asked, and reports rows that cannot be sent', async () => {
  await project.write(
    'rows.json',
    JSON.stringify([
      { name: 'A', age: 30 },
      { name: 'B', age: 5 },
      { name: 'C', age: 40 },
    ]),
  );
  const data = await readDataRows(project.root, 'rows.json');
  const stopped = await runDataDriven(createUser, data, { variables, stopOnFailure: true });
  expect(stopped.results.map((result) => result.outcome)).toEqual(['passed', 'failed', 'skipped']);
  expect(stopped.results[2]!.skipReason).toBe('an earlier row failed (stop_on_failure)');

  const unknown = await runDataDriven({ ...createUser, url: '{{HOST}}/users' }, data, { variables, concurrency: 3 });
  expect(unknown.results.map((result) => result.findings[0]?.kind)).toEqual(['request_error', 'request_error', 'request_error']);
  expect(unknown.results[0]!.findings[0]!.message).toMatch(/^unknown variable \{\{HOST\}\}/);
  expect(unknown).toMatchObject({ baseUrl: '{{HOST}}/users', operations: { covered: 0 } });
});

it('refuses a bad expected_status or malformed saved assertions before sending anything', async () => {
  await project.write(
    'rows.json',
    JSON.stringify([
      { name: 'A', age: 30 },
      { name: 'B', age: 5, expected_status: 'ok' },
    ]),
  );
  const data = await readDataRows(project.root, 'rows.json');
  const before = api.received.length;
  await expect(runDataDriven(createUser, data, { variables })).rejects.toThrow(
    'rows.json row 2: expected_status "ok" is not a status such as 200, or several such as 200|201',
  );
  await expect(runDataDriven({ ...createUser, assertions: { status: 200 } }, data, { variables })).rejects.toThrow(/unknown check status/);
  expect(api.received.length).toBe(before);
});
