// The API under Falcon's hand, through the built binary: Falcon starts the configured server when a
// request is refused, a 500's observation names app.js:LINE from the server's own stack trace, an
// approved fix is followed by a request that reaches the reloaded code (node --watch) or the restarted
// server (reload: restart), auto_fix keeps a correct fix on attempt 1, and no process of the server
// outlives the session.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, startFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty } from '../support/pty-session.js';
import { startFalconUi } from '../support/dashboard-sample/falcon-ui.js';
import {
  NODE_BUGGY,
  NODE_BUG_LINE,
  NODE_FIXED,
  freePort,
  writeNodeApp,
  writePythonApp,
  PYTHON_BUGGY,
  PYTHON_FIXED,
  PYTHON_BUG_LINE,
} from '../apis/planted-bug-apps.js';
import { killMentioning, processesMentioning } from '../support/processes-mentioning.js';
import { requirePlatform } from '../support/required-tools.js';

let models: FakeModelServer;
let sandbox: Sandbox;
let tag: string;
let baseUrl: string;

beforeAll(async () => {
  models = await startFakeModelServer();
});
afterAll(() => models.close());
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  tag = `tag-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  await sandbox.testApiAt(baseUrl);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: {
      openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl, context_window: 32_768 } },
    },
  });
});
afterEach(async () => {
  killMentioning(tag);
  await sandbox.cleanup();
});

async function configureServer(server: string): Promise<void> {
  const port = new URL(baseUrl).port;
  await writeFile(path.join(sandbox.project, '.falcon', 'config.yaml'), `server:\n${server.replaceAll('PORT_NUMBER', port).replaceAll('TAG', tag)}`);
}

const observation = (index: number) => models.requests[index]!.messages.at(-1)!.content;
const appFile = () => path.join(sandbox.project, 'app.js');

describe("the API under Falcon's hand, through the binary", requirePlatform('linux', 'reads /proc for the process tree'), () => {
  it('node --watch: starts it for a refused request, the 500 names app.js:LINE, and the request after the approved fix reaches the reloaded code', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node --watch app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n  ready: {url: "{{BASE_URL}}/health", timeout_s: 60}\n');
    await sandbox.trustProject();
    const get = `ACTION: http_request({"method": "GET", "url": "${baseUrl}/users/2"})`;
    models.script([
      get,
      'ACTION: read_file({"path": "app.js"})',
      `ACTION: edit_file(${JSON.stringify({ path: 'app.js', old_string: NODE_BUGGY, new_string: NODE_FIXED })})`,
      get,
      'Final Answer: fixed: cityOf read the profile of a user without one.',
    ]);
    const result = await runFalcon(['-p', 'GET /users/2 fails, fix it', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code, result.stderr).toBe(0);

    const first = observation(1);
    expect(first).toMatch(/^Observation: HTTP 500/);
    expect(first).toContain("TypeError: Cannot read properties of undefined (reading 'city')");
    expect(first).toContain(`at app.js:${NODE_BUG_LINE}  return user.profile.city;`);
    expect(first).toContain(`Where it broke: app.js:${NODE_BUG_LINE}`);
    expect(first).not.toMatch(/node:internal/);
    expect(observation(3)).not.toMatch(/Error|declined/);
    const after = observation(4);
    expect(after).toMatch(/^Observation: HTTP 200 OK/);
    expect(after).toContain('"city": "unknown"');
    expect(after).not.toContain('old code');

    const [session] = await sessionFolders();
    const log = path.join(session!, 'server.log');
    expect((await stat(log)).mode & 0o777).toBe(0o600);
    expect(await readFile(log, 'utf8')).toContain('GET /users/2 failed');
    // The session is over: the watcher and the app it ran are gone.
    expect(processesMentioning(tag)).toEqual([]);

    // The dashboard shows the log beside the transcript, the 500's observation linking to its lines.
    const ui = await startFalconUi(['--port', '0'], { cwd: sandbox.project, env: sandbox.env() });
    try {
      const signIn = await fetch(ui.url, { redirect: 'manual' });
      const cookie = signIn.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      const page = await (await fetch(`${ui.origin}/sessions/${path.basename(session!)}`, { headers: { cookie } })).text();
      const link = /<a href="#(server-log-L(\d+))">The server's log for request (falcon-[0-9a-f]{8})/.exec(page);
      expect(link, page).not.toBeNull();
      expect(page).toContain("The API's server log");
      const anchored = new RegExp(`<li id="${link![1]}" value="${link![2]}" class="excerpt"><code>([^<]*)</code>`).exec(page);
      expect(anchored?.[1]).toBe('GET /users/2 failed');
      expect(page).toContain(`request ${link![3]}, lines ${link![2]}`);
    } finally {
      await ui.stop();
    }
  });

  it('node --watch: auto_fix keeps the correct fix on attempt 1', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node --watch app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n  ready: {url: "{{BASE_URL}}/health"}\n');
    await sandbox.trustProject();
    const fix = { old_string: NODE_BUGGY, new_string: NODE_FIXED, explanation: 'A user without a profile has no city.' };
    models.script([
      'ACTION: server({"action": "start"})',
      'ACTION: auto_fix({"request": {"method": "GET", "url": "/users/2"}, "expect": {"status_code": 200}})',
      `\`\`\`json\n${JSON.stringify(fix)}\n\`\`\``,
      'Final Answer: fixed.',
    ]);
    const result = await runFalcon(['-p', 'GET /users/2 fails, fix it', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code, result.stderr).toBe(0);
    expect(observation(1)).toMatch(/^Observation: Started node --watch app\.js/);
    const fixed = observation(3);
    expect(fixed).toMatch(/^Observation: Fixed: GET \/users\/2 passes after attempt 1 of 3 \(HTTP 200 OK\)\./);
    expect(fixed).toContain(`app.js:${NODE_BUG_LINE}`);
    expect(await readFile(appFile(), 'utf8')).toContain(NODE_FIXED);
    expect(processesMentioning(tag)).toEqual([]);
  });

  it('reload: restart — a plain node server is restarted after the approved fix, and auto_fix keeps it on attempt 1', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n  reload: restart\n');
    await sandbox.trustProject();
    const fix = { old_string: NODE_BUGGY, new_string: NODE_FIXED, explanation: 'A user without a profile has no city.' };
    models.script([
      `ACTION: http_request({"method": "GET", "url": "${baseUrl}/users/2"})`,
      'ACTION: auto_fix({"request": {"method": "GET", "url": "/users/2"}, "expect": {"status_code": 200}})',
      `\`\`\`json\n${JSON.stringify(fix)}\n\`\`\``,
      `ACTION: http_request({"method": "GET", "url": "${baseUrl}/users/2"})`,
      'Final Answer: fixed.',
    ]);
    const result = await runFalcon(['-p', 'GET /users/2 fails, fix it', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code, result.stderr).toBe(0);
    expect(observation(1)).toContain(`Where it broke: app.js:${NODE_BUG_LINE}`);
    expect(observation(3)).toMatch(/^Observation: Fixed: GET \/users\/2 passes after attempt 1 of 3/);
    expect(observation(4)).toMatch(/^Observation: HTTP 200 OK/);
    expect(processesMentioning(tag)).toEqual([]);
  });

  it('reload: restart — a Python stdlib server: the traceback names app.py:LINE, and the fixed code answers after the restart', async () => {
    await writePythonApp(sandbox.project);
    await configureServer('  command: python3 -u app.py TAG\n  env: {PORT: "PORT_NUMBER"}\n  ready: {log: "Serving on port"}\n');
    await sandbox.trustProject();
    const get = `ACTION: http_request({"method": "GET", "url": "${baseUrl}/users/2"})`;
    models.script([
      get,
      'ACTION: analyze_failure({})',
      // analyze_failure asks the model to explain the trace it found.
      'User 2 has no profile, and city_of reads it unchecked.',
      'ACTION: read_file({"path": "app.py"})',
      `ACTION: edit_file(${JSON.stringify({ path: 'app.py', old_string: PYTHON_BUGGY, new_string: PYTHON_FIXED })})`,
      get,
      'Final Answer: fixed.',
    ]);
    const result = await runFalcon(['-p', 'GET /users/2 fails, fix it', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code, result.stderr).toBe(0);
    expect(observation(1)).toMatch(/^Observation: HTTP 500/);
    expect(observation(1)).toContain(`Where it broke: app.py:${PYTHON_BUG_LINE}`);
    // analyze_failure reads the same lines: the traceback the server printed, not the body's "Internal Server Error".
    expect(observation(3)).toContain("KeyError: 'profile'");
    expect(observation(3)).toContain(`app.py:${PYTHON_BUG_LINE}`);
    expect(observation(6)).toMatch(/^Observation: HTTP 200 OK/);
    expect(observation(6)).toContain('"city": "unknown"');
    expect(processesMentioning(tag)).toEqual([]);
  });

  it('a server already running is used, not managed: its log lines are said to be unavailable, and it is left running', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n');
    await sandbox.trustProject();
    const outside = spawn(process.execPath, ['app.js', `${tag}-outside`], {
      cwd: sandbox.project,
      env: { PATH: process.env.PATH, PORT: new URL(baseUrl).port },
    });
    try {
      await new Promise<void>((resolve) => outside.stdout!.once('data', () => resolve()));
      models.script([
        `ACTION: http_request({"method": "GET", "url": "${baseUrl}/users/2"})`,
        'ACTION: server({"action": "logs"})',
        'ACTION: server({"action": "status"})',
        "Final Answer: the server is not Falcon's.",
      ]);
      const result = await runFalcon(['-p', 'GET /users/2', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
      expect(result.code, result.stderr).toBe(0);
      expect(observation(1)).toMatch(/^Observation: HTTP 500/);
      expect(observation(1)).toContain("Server log: Falcon did not start the API's server, so its log lines are unavailable");
      expect(observation(2)).toContain("Falcon did not start the API's server (something else answers at BASE_URL), so its log lines are unavailable");
      expect(observation(3)).toContain('not started by Falcon');
      expect(processesMentioning(`${tag}-outside`)).toEqual([outside.pid]);
    } finally {
      outside.kill();
    }
  });

  it('SIGTERM to a headless session stops the server it started, watcher and app alike', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node --watch app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n');
    await sandbox.trustProject();
    models.script(['ACTION: server({"action": "start"})', 'ACTION: wait({"duration_ms": 600000})', 'Final Answer: never reached']);
    const falcon = startFalcon(['-p', 'start the API and wait', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
    falcon.child.stdin!.end();
    // The watcher and the app it runs.
    await expect.poll(() => processesMentioning(tag).length, { timeout: 60_000 }).toBe(2);
    falcon.child.kill('SIGTERM');
    expect((await falcon.result).code).toBe(143);
    expect(processesMentioning(tag)).toEqual([]);
  });

  it('a trusted folder at a terminal: a refused request offers to start the server, and a yes starts it and sends the request', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n  ready: {url: "{{BASE_URL}}/health"}\n');
    await sandbox.trustProject();
    models.script([`ACTION: http_request({"method": "GET", "url": "${baseUrl}/health"})`, 'Final Answer: it answered.']);
    const falcon = startFalconInPty(['-p', 'is the API up?'], { cwd: sandbox.project, env: sandbox.env() });
    await falcon.waitForText(`The API is not running: start it with \`node app.js ${tag}\``);
    expect(processesMentioning(tag)).toEqual([]);
    falcon.write('y\r');
    expect((await falcon.exited).exitCode).toBe(0);
    expect(observation(1)).toMatch(/^Observation: HTTP 200/);
    expect(processesMentioning(tag)).toEqual([]);
  });

  it('a trusted folder, headless where nobody can be asked: a refused request starts the server', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n  ready: {url: "{{BASE_URL}}/health"}\n');
    await sandbox.trustProject();
    models.script([`ACTION: http_request({"method": "GET", "url": "${baseUrl}/health"})`, 'Final Answer: it answered.']);
    const result = await runFalcon(['-p', 'is the API up?'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code, result.stderr).toBe(0);
    expect(observation(1)).toMatch(/^Observation: HTTP 200/);
    expect(processesMentioning(tag)).toEqual([]);
  });

  it('an untrusted folder: the server command is asked about, and a no runs nothing', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n');
    models.script([`ACTION: http_request({"method": "GET", "url": "${baseUrl}/users/2"})`, 'Final Answer: the API is not running.']);
    const falcon = startFalconInPty(['-p', 'GET /users/2'], { cwd: sandbox.project, env: sandbox.env() });
    // The request to the origin the project's files chose, first; then the command its config names.
    await falcon.waitForText('[y/N]');
    falcon.write('y\r');
    await falcon.waitForText(`The API is not running: start it with \`node app.js ${tag}\``);
    expect(processesMentioning(tag)).toEqual([]);
    falcon.write('n\r');
    expect((await falcon.exited).exitCode).toBe(0);
    expect(observation(1)).toMatch(/refused/i);
    expect(processesMentioning(tag)).toEqual([]);
  });

  it('an untrusted folder, headless without --yes: nothing is sent and the server is not started', async () => {
    await writeNodeApp(sandbox.project);
    await configureServer('  command: node app.js TAG\n  env: {PORT: "PORT_NUMBER"}\n');
    models.script(['ACTION: server({"action": "start"})', 'Final Answer: not started.']);
    const result = await runFalcon(['-p', 'start the API'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code, result.stderr).toBe(0);
    expect(observation(1)).toMatch(/declined/);
    expect(processesMentioning(tag)).toEqual([]);
  });
});

async function sessionFolders(): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const root = path.join(sandbox.project, '.falcon', 'sessions');
  const entries = await readdir(root, { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => path.join(root, entry.name));
}
