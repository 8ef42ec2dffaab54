// The Go original's workflow tools through the built binary, the model scripted: analyze_endpoint
// reads a handler and probes it, auto_test saves the scenarios that pass, auto_fix edits a broken
// handler after the user's yes and the case then passes.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty } from '../support/pty-session.js';
import { USERS_API_TOKEN, type UsersApi, startUsersApi } from '../apis/users-api.js';

let models: FakeModelServer;
let sandbox: Sandbox;
let api: UsersApi;

beforeAll(async () => {
  models = await startFakeModelServer();
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  api = await startUsersApi(sandbox.project);
  await mkdir(path.join(sandbox.project, '.falcon', 'environments'), { recursive: true });
  await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), 'framework: express\n');
  await writeFile(path.join(sandbox.project, '.falcon', 'environments', 'dev.yaml'), `BASE_URL: ${api.url}\nAPI_TOKEN: "{{env:USERS_API_TOKEN}}"\n`);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 32_768 } },
    },
  });
  // The user's own project: its BASE_URL is the API under test.
  await sandbox.trustProject();
});
afterEach(async () => {
  await api.stop();
  await sandbox.cleanup();
});

const env = () => sandbox.env({ USERS_API_TOKEN: USERS_API_TOKEN });
/** What the agent loop read after each tool call: the last message of the model request that followed it. */
const observationAfter = (index: number) => models.requests[index]!.messages.at(-1)!.content;

it("analyze_endpoint names the handler, the probe status and the risks, with the quick model's reading", async () => {
  models.script([
    'Thought: look at the endpoint first.\nACTION: analyze_endpoint({"method": "GET", "path": "/users/1"})',
    '- routes.js:15 compares the id from the path, a string, with numeric ids: no user is ever found and user.id throws.',
    'Final Answer: `GET /users/:id` (routes.js:14) answers 500: the id from the path is never converted to a number.',
  ]);
  const result = await runFalcon(['-p', 'what is wrong with GET /users/1?'], { cwd: sandbox.project, env: env() });
  expect(result.code).toBe(0);
  expect(result.stdout).toContain('routes.js:14) answers 500');

  expect(models.requests[1]!.messages[0]!.content).toMatch(/^You review one endpoint of a web API/);
  expect(models.requests[1]!.messages[1]!.content).toContain('candidate.id === req.params.id');
  const observation = observationAfter(2);
  expect(observation).toMatch(/^Observation: GET \/users\/1: handler routes\.js:14 · probe HTTP 500 · 1 parameter · 4 risks/);
  expect(observation).toContain("  error: TypeError: Cannot read properties of undefined (reading 'id') at routes.js:16");
  expect(observation).toContain("The model's reading of the risks (gpt-test; not checked against the code):\n- routes.js:15 compares the id");
});

it('auto_test saves the passing scenarios as a suite, --yes approving the file', async () => {
  const scenarios = [
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
  models.script([
    'ACTION: auto_test({"method": "POST", "path": "/users"})',
    `\`\`\`json\n${JSON.stringify(scenarios)}\n\`\`\``,
    'Final Answer: Two scenarios pass and are saved; an empty name answers 400, not 422.',
  ]);
  const result = await runFalcon(['-p', 'write tests for POST /users', '--yes'], { cwd: sandbox.project, env: env() });
  expect(result.code).toBe(0);

  expect(models.requests[1]!.messages[1]!.content).toMatch(/^Endpoint: POST \/users\nVariables: \{\{API_TOKEN\}\}, \{\{BASE_URL\}\}/);
  const observation = observationAfter(2);
  expect(observation).toMatch(
    /^Observation: auto_test POST \/users: 3 scenarios written by gpt-test from routes\.js:19, run against http:\/\/127\.0\.0\.1:\d+ in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) — 2 passed, 1 failed\./,
  );
  expect(observation).toContain('Saved suite "auto-post-users" with the 2 passing scenarios → .falcon/tests/auto-post-users.yaml');
  expect(observation).toContain('✗ an empty name is 422 (expected 422) → 400');

  const suite = parse(await readFile(path.join(sandbox.project, '.falcon', 'tests', 'auto-post-users.yaml'), 'utf8')) as {
    format: string;
    cases: Array<{ name: string; request: { headers?: Record<string, string> } }>;
  };
  expect(suite.format).toBe('falcon-tests/1');
  expect(suite.cases.map((testCase) => testCase.name)).toEqual(['a valid user is created', 'no token is 401']);
  expect(suite.cases[0]!.request.headers).toEqual({ Authorization: 'Bearer {{API_TOKEN}}' });
});

it('auto_fix shows the change, edits the handler after a y, and the case then passes', async () => {
  const fix = {
    old_string: 'candidate.id === req.params.id',
    new_string: 'candidate.id === Number(req.params.id)',
    explanation: 'Compares the id from the path as a number.',
  };
  models.script([
    'ACTION: auto_fix({"request": {"method": "GET", "url": "/users/1"}, "expect": {"status_code": 200, "body_contains": "Ada Lovelace"}})',
    `\`\`\`json\n${JSON.stringify(fix)}\n\`\`\``,
    'Final Answer: routes.js compared the id from the path as a string; fixed, and GET /users/1 now answers 200.',
  ]);
  const falcon = startFalconInPty(['-p', 'GET /users/1 fails, fix it'], { cwd: sandbox.project, env: env() });
  await falcon.waitForText('[y/N]');
  expect(falcon.screen()).toContain('+    const user = users.find((candidate) => candidate.id === Number(req.params.id));');
  falcon.write('y\r');
  expect((await falcon.exited).exitCode).toBe(0);
  expect(falcon.screen()).toContain('GET /users/1 now answers 200');

  const observation = observationAfter(2);
  expect(observation).toMatch(/^Observation: Fixed: GET \/users\/1 passes after attempt 1 of 3 \(HTTP 200 OK\)\./);
  expect(observation).toContain('Changed routes.js (+1 −1): Compares the id from the path as a number.');
  expect(await readFile(path.join(sandbox.project, 'routes.js'), 'utf8')).toContain('candidate.id === Number(req.params.id)');
  const answer = await fetch(`${api.url}/users/1`);
  expect(await answer.json()).toEqual({ id: 1, name: 'Ada Lovelace' });
});

it('auto_fix without a terminal to ask and without --yes changes nothing, and says so', async () => {
  const fix = { old_string: 'candidate.id === req.params.id', new_string: 'candidate.id === Number(req.params.id)' };
  models.script([
    'ACTION: auto_fix({"request": {"method": "GET", "url": "/users/1"}})',
    `\`\`\`json\n${JSON.stringify(fix)}\n\`\`\``,
    'Final Answer: The change was declined; nothing was edited.',
  ]);
  const before = await readFile(path.join(sandbox.project, 'routes.js'), 'utf8');
  const result = await runFalcon(['-p', 'GET /users/1 fails, fix it'], { cwd: sandbox.project, env: env() });
  expect(result.code).toBe(0);
  expect(observationAfter(2)).toBe(
    'Observation: The user declined the change to routes.js (attempt 1 of 3). Nothing was changed. Do not propose the same change again unless the user asks; ask what they want instead.',
  );
  expect(await readFile(path.join(sandbox.project, 'routes.js'), 'utf8')).toBe(before);
});

it('create_test_file points a test of the running server at the project’s BASE_URL, and the test passes as written', async () => {
  models.script([
    `ACTION: http_request({"method": "GET", "url": "{{BASE_URL}}/users"})`,
    'ACTION: create_test_file({"endpoint": "GET /users"})',
    'Final Answer: test/get-users.test.js checks GET /users.',
  ]);
  const result = await runFalcon(['-p', 'write a test for GET /users', '--yes'], { cwd: sandbox.project, env: env() });
  expect(result.code).toBe(0);
  expect(observationAfter(2)).toContain(`the test calls the running server at BASE_URL (default ${api.url}, the project's BASE_URL); start it first`);
  const written = await readFile(path.join(sandbox.project, 'test', 'get-users.test.js'), 'utf8');
  expect(written).toContain(`const BASE_URL = process.env.BASE_URL ?? '${api.url}';`);
  expect(written).not.toContain('localhost:3000');
  // Run as a user would, with no BASE_URL in the shell: it reaches the API the project names.
  const { stdout } = await promisify(execFile)(process.execPath, ['--test', 'test/get-users.test.js'], {
    cwd: sandbox.project,
    env: { PATH: process.env.PATH },
  });
  expect(stdout).toMatch(/# pass 1/);
});
