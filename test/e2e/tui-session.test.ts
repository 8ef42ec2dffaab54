import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';
import { startTestApi, type TestApi } from '../apis/test-api-server.js';

let models: FakeModelServer;
let api: TestApi;
let sandbox: Sandbox;
let falcon: PtySession | undefined;

beforeAll(async () => {
  models = await startFakeModelServer();
  api = await startTestApi();
});
afterAll(async () => {
  await models.close();
  await api.close();
});
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  await sandbox.testApiAt(api.url);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
  });
  // The user's own project: its BASE_URL is the API under test.
  await sandbox.trustProject();
});
afterEach(async () => {
  falcon?.kill();
  falcon = undefined;
  await sandbox.cleanup();
});

async function open(args: string[] = []): Promise<PtySession> {
  falcon = startFalconInPty(args, { cwd: sandbox.project, env: sandbox.env(), cols: 100, rows: 40 });
  await falcon.waitForText('Ask about your API');
  return falcon;
}

const send = (session: PtySession, text: string) => session.submit(text);

describe('a thinking model in a small window', () => {
  it('shows the reasoning as thought, how full the context is, and compacts on /compact', async () => {
    await writeFile(path.join(sandbox.project, 'a.txt'), 'one line\n');
    models.script([
      { text: 'ACTION: read_file({"path": "a.txt"})', thinking: 'I should look at a.txt before I answer.' },
      'Final Answer: a.txt holds one line.',
      '<summary>Goal: what a.txt holds. Findings: one line.</summary>',
    ]);
    const session = await open();
    await send(session, 'what is in a.txt?');
    await session.waitForText('a.txt holds one line.');
    expect(session.screen()).toContain('I should look at a.txt before I answer.');
    await session.waitForText('context ? of 8k (assumed)');
    await send(session, '/compact');
    await session.waitForText(/Compacted the conversation: \d+ older messages became a checkpoint \(summarised by the model\)/);
    expect(models.requests.at(-1)!.messages.at(-1)!.content).toContain('<summary>');
  });
});

describe('slash commands and keys', () => {
  it('runs a saved request with the active environment, and /env switches it', async () => {
    const env = path.join(sandbox.project, '.falcon', 'environments');
    await writeFile(path.join(env, 'dev.yaml'), `BASE_URL: ${api.url}\nUSER: 1\n`);
    await writeFile(path.join(env, 'staging.yaml'), `BASE_URL: ${api.url}\nUSER: 2\n`);
    await mkdir(path.join(sandbox.project, '.falcon', 'requests'));
    await writeFile(path.join(sandbox.project, '.falcon', 'requests', 'get-user.yaml'), 'method: GET\nurl: "{{BASE_URL}}/users/{{USER}}"\n');
    const session = await open();
    expect(session.screen()).toContain('env: dev');
    await send(session, '/get-user');
    await session.waitForText(/GET http:\/\/127\.0\.0\.1:\d+\/users\/1/);
    await session.waitForText('HTTP 200 OK');
    await send(session, '/env staging');
    await session.waitForText('Environment: staging.');
    await send(session, '/get-user');
    await session.waitForText(/GET http:\/\/127\.0\.0\.1:\d+\/users\/2/);
    expect(api.hits).toEqual(['GET /users/1', 'GET /users/2']);
    await session.waitForText('env: staging');
  });

  it('says so for an unknown command and lists tools with their calls', async () => {
    const session = await open();
    await send(session, '/teleport now');
    await session.waitForText('Unknown command /teleport. /help lists the commands.');
    await send(session, '/tools');
    await session.waitForText(/http_request\s+0 calls/);
  });

  it('queues a message typed while Falcon works and gives it to the model before its next call', async () => {
    // The reply stops after its first piece until the second message is queued.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    models.script([
      { text: `ACTION: http_request({"method": "GET", "url": "${api.url}/users/5"})`, chunkSize: 4, beforeChunk: () => released },
      'Final Answer: noted both',
    ]);
    const session = await open();
    await send(session, 'first');
    await session.waitForText('writing');
    await send(session, 'also check the headers');
    await session.waitForText('queued: also check the headers');
    release();
    await session.waitForText('noted both');
    const second = models.requests[1]!.messages.at(-1)!.content;
    expect(second).toMatch(/\n\nalso check the headers$/);
  });

  it('unfolds tool output with Ctrl-O and quits on Ctrl-C twice', async () => {
    models.script([`ACTION: http_request({"method": "GET", "url": "${api.url}/users/9"})`, 'Final Answer: done']);
    const session = await open();
    await send(session, 'get 9');
    await session.waitForText('done');
    expect(session.screen()).not.toContain('"email": "ada@example.com"');
    session.write('\x0f');
    await session.waitForText('"email": "ada@example.com"');
    session.write('\x03');
    await session.waitForText('Press Ctrl-C again to quit.');
    session.write('\x03');
    const { exitCode } = await session.exited;
    expect(exitCode).toBe(0);
    expect(session.output()).toMatch(/Session saved\. Continue it with: falcon --resume \d{8}-\d{6}-[0-9a-f]{6}/);
  });

  it('reopens the last session with its transcript on --continue', async () => {
    models.script([`ACTION: http_request({"method": "GET", "url": "${api.url}/users/4"})`, 'Final Answer: user four is Ada']);
    const first = await runFalcon(['-p', 'who is user 4?'], { cwd: sandbox.project, env: sandbox.env() });
    expect(first.code).toBe(0);
    models.script(['Final Answer: still Ada']);
    const session = await open(['--continue']);
    await session.waitForText('user four is Ada');
    expect(session.screen()).toContain('who is user 4?');
    expect(session.screen()).toMatch(/✓ http_request GET/);
    await send(session, 'and now?');
    await session.waitForText('still Ada');
    expect(models.requests.at(-1)!.messages.map((m) => m.content)).toContain('who is user 4?');
  });
});

describe('first run', () => {
  it('sets up the project with falcon init before the session opens', async () => {
    await sandbox.cleanup();
    sandbox = await createSandbox();
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
    });
    await writeFile(
      path.join(sandbox.project, 'package.json'),
      JSON.stringify({ dependencies: { express: '4.0.0' }, scripts: { start: 'node server.js --port 4123' } }),
    );
    falcon = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env(), cols: 100, rows: 40 });
    // The command that starts the API is a setting that runs something: whether to trust the folder comes last.
    for (const question of [
      'Framework of this API',
      'Base URL in development',
      'API spec',
      'Command that starts the API',
      "Trust this folder's Falcon settings?",
    ]) {
      await falcon.waitForText(question);
      await falcon.waitUntilReadingKeys();
      falcon.write('\r');
    }
    await falcon.waitForText('Ask about your API');
    expect(falcon.screen()).toContain('Express (Node.js)');
    expect(falcon.screen()).toContain('created .falcon/config.yaml');
    expect(falcon.screen()).toContain('env: dev');
  });

  it('says which command to run when there is no terminal', async () => {
    await sandbox.cleanup();
    sandbox = await createSandbox();
    const result = await runFalcon([], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual(['falcon: this project is not set up and there is no terminal to ask in; run: falcon init --yes']);
  });
});
