// Runs the built binary (npm run build first; npm test does it) against two real loopback APIs.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startTestApi, type TestApi } from '../apis/test-api-server.js';

let devApi: TestApi;
let stagingApi: TestApi;
let sandbox: Sandbox;

beforeAll(async () => {
  devApi = await startTestApi();
  stagingApi = await startTestApi();
});
afterAll(async () => {
  await devApi.close();
  await stagingApi.close();
});
beforeEach(async () => {
  sandbox = await createSandbox();
  devApi.hits.length = 0;
  stagingApi.hits.length = 0;
  await put('.falcon/config.yaml', '# project settings\nframework: express\n');
  await put('.falcon/environments/dev.yaml', `BASE_URL: ${devApi.url}\nUSER_ID: 7\n`);
  await put('.falcon/environments/staging.yaml', `BASE_URL: ${stagingApi.url}\nUSER_ID: 7\nAPI_TOKEN: "{{env:STAGING_TOKEN}}"\n`);
  await put(
    '.falcon/requests/get-user.yaml',
    'name: get-user\nmethod: GET\nurl: "{{BASE_URL}}/users/{{USER_ID}}"\nassertions:\n  status_code: 200\n  json_path:\n    $.name: Ada Lovelace\n',
  );
  await put('.falcon/requests/wrong-name.yaml', 'url: "{{BASE_URL}}/users/1"\nassertions:\n  json_path:\n    $.name: Grace Hopper\n');
  await put('.falcon/requests/boom.yaml', 'url: "{{BASE_URL}}/boom"\n');
  await put('.falcon/requests/with-token.yaml', 'url: "{{BASE_URL}}/users/7?access_token={{API_TOKEN}}"\n');
});
afterEach(() => sandbox.cleanup());

async function put(relative: string, content: string): Promise<void> {
  const file = path.join(sandbox.project, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const falcon = (args: string[], env: Record<string, string> = {}) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env(env) });

describe('falcon -r <name> [-e <env>]', () => {
  it('runs the saved request against the environment given, prints the response and its assertions, and exits 0', async () => {
    const result = await falcon(['-r', 'get-user', '-e', 'staging']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(stagingApi.hits).toEqual(['GET /users/7']);
    expect(devApi.hits).toEqual([]);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe(`GET ${stagingApi.url}/users/7`);
    expect(lines[1]).toMatch(/^HTTP 200 OK · (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · \d+ B$/);
    expect(lines[2]).toMatch(
      /^dns (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · connect (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?) · tls 0 ms · first byte (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/,
    );
    expect(lines).toContain('content-type: application/json');
    expect(result.stdout).toContain('{\n  "id": 7,\n  "name": "Ada Lovelace",\n  "email": "ada@example.com"\n}\n');
    expect(result.stdout).toMatch(/Assertions: 2 of 2 assertions passed\n {2}✓ status: 200 OK\n {2}✓ \$\.name: "Ada Lovelace"\n$/);
  });

  it('uses the other environment when told, and dev when not', async () => {
    expect((await falcon(['-r', 'get-user', '-e', 'dev'])).code).toBe(0);
    expect((await falcon(['-r', 'get-user'])).code).toBe(0);
    expect(devApi.hits).toEqual(['GET /users/7', 'GET /users/7']);
    expect(stagingApi.hits).toEqual([]);
  });

  it('exits 1 when an assertion fails or the status is not 2xx, showing what failed', async () => {
    const failed = await falcon(['-r', 'wrong-name']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('Assertions: 1 of 1 assertion failed\n  ✗ $.name: expected "Grace Hopper", actual "Ada Lovelace"');
    const boom = await falcon(['-r', 'boom', '-e', 'staging']);
    expect(boom.code).toBe(1);
    expect(boom.stdout).toMatch(/^HTTP 500 Internal Server Error/m);
  });

  it('exits 1 when the request cannot be sent: a variable not set, no server', async () => {
    const missing = await falcon(['-r', 'with-token', '-e', 'staging']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'falcon: with-token (environment staging): unknown variable {{env:STAGING_TOKEN}}: not set in the environment (export it, or add it to the .env of a trusted folder)\n',
    );
    await put('.falcon/environments/down.yaml', 'BASE_URL: http://127.0.0.1:9\nUSER_ID: 1\n');
    const down = await falcon(['-r', 'get-user', '-e', 'down']);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^falcon: get-user \(environment down\): could not connect to http:\/\/127\.0\.0\.1:9/);
  });

  it('masks secrets that variables put into what it prints', async () => {
    const result = await falcon(['-r', 'with-token', '-e', 'staging'], { STAGING_TOKEN: 'st-0123456789abcdef' });
    expect(stagingApi.hits).toEqual(['GET /users/7?access_token=st-0123456789abcdef']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('access_token=[masked:STAGING_TOKEN]');
    expect(result.stdout + result.stderr).not.toContain('st-0123456789abcdef');
  });

  it('exits 2 on bad usage: an unknown request or environment, -e without -r', async () => {
    const unknownRequest = await falcon(['-r', 'nope']);
    expect(unknownRequest.code).toBe(2);
    expect(unknownRequest.stderr).toBe('falcon: no saved request "nope" (saved requests: boom, get-user, with-token, wrong-name)\n');
    const unknownEnvironment = await falcon(['-r', 'get-user', '-e', 'prod']);
    expect(unknownEnvironment.code).toBe(2);
    expect(unknownEnvironment.stderr).toBe('falcon: no environment "prod" (environments: dev, staging)\n');
    expect((await falcon(['-e', 'staging'])).code).toBe(2);
    expect((await falcon(['-r'])).code).toBe(2);
    expect(devApi.hits).toEqual([]);
    expect(stagingApi.hits).toEqual([]);
  });
});

describe('falcon request run | list', () => {
  it('runs a saved request with --env, with the same exit codes', async () => {
    expect((await falcon(['request', 'run', 'get-user', '--env', 'staging'])).code).toBe(0);
    expect(stagingApi.hits).toEqual(['GET /users/7']);
    expect((await falcon(['request', 'run', 'wrong-name', '-e', 'staging'])).code).toBe(1);
    expect((await falcon(['request', 'run', 'nope'])).code).toBe(2);
    expect((await falcon(['request', 'run'])).code).toBe(2);
  });

  it('lists the saved requests with method, URL and assertions', async () => {
    const result = await falcon(['request', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'boom        GET     {{BASE_URL}}/boom',
        'get-user    GET     {{BASE_URL}}/users/{{USER_ID}}  (2 assertions)',
        'with-token  GET     {{BASE_URL}}/users/7?access_token={{API_TOKEN}}',
        'wrong-name  GET     {{BASE_URL}}/users/1  (1 assertion)',
        '',
      ].join('\n'),
    );
  });
});

describe('falcon env list | use', () => {
  it('marks the active environment, and use saves the choice in .falcon/config.yaml for later runs', async () => {
    expect((await falcon(['env', 'list'])).stdout).toBe('* dev (active)\n  staging\n');
    const used = await falcon(['env', 'use', 'staging']);
    expect(used.code).toBe(0);
    expect(used.stdout).toContain('Environment: staging');
    expect(await readFile(path.join(sandbox.project, '.falcon', 'config.yaml'), 'utf8')).toBe('# project settings\nframework: express\nenvironment: staging\n');
    expect((await falcon(['env', 'list'])).stdout).toBe('  dev\n* staging (active)\n');
    expect((await falcon(['-r', 'get-user'])).code).toBe(0);
    expect(stagingApi.hits).toEqual(['GET /users/7']);
    // -e still wins for one run.
    expect((await falcon(['-r', 'get-user', '-e', 'dev'])).code).toBe(0);
    expect(devApi.hits).toEqual(['GET /users/7']);
  });

  it('refuses an unknown environment with exit 2 and leaves config.yaml alone', async () => {
    const result = await falcon(['env', 'use', 'prod']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('falcon: no environment "prod" (environments: dev, staging)\n');
    expect(await readFile(path.join(sandbox.project, '.falcon', 'config.yaml'), 'utf8')).toBe('# project settings\nframework: express\n');
  });
});
