import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startTestApi, type TestApi } from '../apis/test-api-server.js';

let models: FakeModelServer;
let dev: TestApi;
let staging: TestApi;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer();
  dev = await startTestApi();
  staging = await startTestApi();
});
afterAll(async () => {
  await Promise.all([models.close(), dev.close(), staging.close()]);
});
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  dev.hits.length = 0;
  staging.hits.length = 0;
  const environments = path.join(sandbox.project, '.falcon', 'environments');
  await mkdir(environments, { recursive: true });
  await writeFile(path.join(environments, 'dev.yaml'), `BASE_URL: ${dev.url}\n`);
  await writeFile(path.join(environments, 'staging.yaml'), `BASE_URL: ${staging.url}\n`);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
  });
  // The user's own project: its BASE_URL is the API under test.
  await sandbox.trustProject();
});
afterEach(() => sandbox.cleanup());

it('saves a request with {{BASE_URL}}, runs it, asserts, extracts an id and uses it; then falcon -r runs it per environment', async () => {
  models.script([
    'ACTION: request({"action": "save", "name": "get-user", "method": "GET", "url": "{{BASE_URL}}/users/7", "assertions": {"status_code": 200, "json_path": {"$.name": "Ada Lovelace"}}})',
    'ACTION: request({"action": "run", "name": "get-user"})',
    'ACTION: assert_response({"status_code": 200, "json_path": {"$.id": 7, "$.email": {"matches": "@example\\\\.com$"}}})',
    'ACTION: extract_value({"json_path": "$.id", "save_as": "USER_ID"})',
    'ACTION: http_request({"method": "GET", "url": "{{BASE_URL}}/users/{{USER_ID}}", "query": {"again": "1"}})',
    'Final Answer: saved get-user; user 7 is Ada Lovelace',
  ]);
  const result = await runFalcon(['-p', 'save a request for user 7 and check it'], { cwd: sandbox.project, env: sandbox.env() });
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe('saved get-user; user 7 is Ada Lovelace\n');

  const observations = models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
  expect(observations[0]).toMatch(/Saved request "get-user": GET \{\{BASE_URL\}\}\/users\/7, 2 assertions/);
  expect(observations[1]).toMatch(/HTTP 200 OK/);
  expect(observations[2]).toMatch(/✓ \d+ assertions passed/);
  expect(observations[3]).toMatch(/Saved USER_ID = 7/);
  expect(observations[4]).toMatch(/^Observation: HTTP 200 OK/);
  expect(dev.hits).toEqual(['GET /users/7', 'GET /users/7?again=1']);
  const saved = await readFile(path.join(sandbox.project, '.falcon', 'requests', 'get-user.yaml'), 'utf8');
  expect(saved).toContain('{{BASE_URL}}/users/7');

  const onDev = await runFalcon(['-r', 'get-user'], { cwd: sandbox.project, env: sandbox.env() });
  expect(onDev.code).toBe(0);
  const onStaging = await runFalcon(['-r', 'get-user', '-e', 'staging'], { cwd: sandbox.project, env: sandbox.env() });
  expect(onStaging.code).toBe(0);
  expect(onStaging.stdout).toMatch(/HTTP 200 OK/);
  expect(dev.hits).toHaveLength(3);
  expect(staging.hits).toEqual(['GET /users/7']);
});
