import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty } from '../support/pty-session.js';

const FIXTURE = fileURLToPath(new URL('../apis/buggy-api/', import.meta.url));

let models: FakeModelServer;
let sandbox: Sandbox;
let api: ChildProcess | undefined;

beforeAll(async () => {
  models = await startFakeModelServer();
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await cp(FIXTURE, sandbox.project, { recursive: true });
  await mkdir(path.join(sandbox.project, '.falcon'));
  await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), 'framework: express\n');
  await sandbox.writeConfig({
    default_provider: 'openai',
    // A window this story fits in: compaction has tests of its own (small-window.test.ts).
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 32_768 } },
    },
  });
  // The user's own project: its BASE_URL is the API under test.
  await sandbox.trustProject();
});
afterEach(async () => {
  api?.kill();
  await sandbox.cleanup();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startApi(): Promise<string> {
  const port = await freePort();
  api = spawn(process.execPath, ['server.js'], { cwd: sandbox.project, env: { PATH: process.env.PATH, PORT: String(port) } });
  await new Promise<void>((resolve) => api!.stdout!.once('data', () => resolve()));
  return `http://127.0.0.1:${port}`;
}

it('goes from a 500 to the handler, edits it after a y, and the same request then passes', async () => {
  const url = await startApi();
  await sandbox.testApiAt(url);
  const get = `ACTION: http_request({"method": "GET", "url": "${url}/users/1"})`;
  models.script([
    `Thought: reproduce it.\n${get}`,
    'Thought: a 500; where is the handler?\nACTION: find_handler({"method": "GET", "path": "/users/1"})',
    'ACTION: read_file({"path": "routes.js"})',
    'Thought: the id from the path is a string.\nACTION: edit_file({"path": "routes.js", "old_string": "candidate.id === req.params.id", "new_string": "candidate.id === Number(req.params.id)"})',
    `Thought: check the fix.\n${get}`,
    'Final Answer: `GET /users/:id` compared a string id with numbers; fixed in routes.js and it now answers 200.',
  ]);
  const falcon = startFalconInPty(['-p', 'GET /users/1 fails, fix it'], { cwd: sandbox.project, env: sandbox.env() });
  await falcon.waitForText('[y/N]');
  expect(falcon.screen()).toContain('+    const user = users.find((candidate) => candidate.id === Number(req.params.id));');
  falcon.write('y\r');
  expect((await falcon.exited).exitCode).toBe(0);
  expect(falcon.screen()).toContain('it now answers 200');

  const observations = models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
  expect(observations[0]).toMatch(/^Observation: HTTP 500/);
  expect(observations[0]).toContain("Cannot read properties of undefined (reading 'id')");
  expect(observations[1]).toMatch(/routes\.js:9/);
  expect(observations[1]).toContain('candidate.id === req.params.id');
  expect(observations[3]).not.toMatch(/declined|Error/);
  expect(observations[4]).toMatch(/^Observation: HTTP 200 OK/);
  expect(observations[4]).toContain('Ada Lovelace');
  expect(await readFile(path.join(sandbox.project, 'routes.js'), 'utf8')).toContain('candidate.id === Number(req.params.id)');
});
