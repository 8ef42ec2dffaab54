import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback } from '../support/loopback-server.js';

// Issue 12: a token resolved from {{env:…}} that the API echoes back, in a header whose name does
// not look secret, must appear nowhere Falcon writes — in no form a reader could decode.
const SECRET = 'Zq8Lm3vN/x0+Tk9wR~p2';
const FORMS = [SECRET, encodeURIComponent(SECRET), Buffer.from(SECRET).toString('base64'), Buffer.from(SECRET).toString('base64url')];

function expectNoSecret(text: string, where: string): void {
  for (const form of FORMS) expect(text, `${where} holds ${form}`).not.toContain(form);
}

interface EchoApi {
  url: string;
  received: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Answers every request with the X-Custom header it got: as is, URL-encoded and base64, in its body and a header. */
async function startEchoApi(status: number): Promise<EchoApi> {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    received.push(request.headers);
    const value = String(request.headers['x-custom'] ?? '');
    const body = { raw: value, url: encodeURIComponent(value), b64: Buffer.from(value).toString('base64') };
    response.writeHead(status, { 'content-type': 'application/json', 'x-echo': value, 'x-echo-b64': Buffer.from(value).toString('base64url') });
    response.end(JSON.stringify(body));
  });
  const url = await listenOnLoopback(server);
  return { url, received, close: () => closeServer(server) };
}

const ECHO_SPEC = `openapi: 3.0.3
info: {title: Echo API, version: 1.0.0}
paths:
  /echo:
    get:
      operationId: getEcho
      responses:
        '200':
          description: the header it got
          content: {application/json: {schema: {type: object}}}
`;

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

describe('falcon -p, the model asking for a request whose header comes from {{env:API_TOKEN}}', () => {
  let models: FakeModelServer;
  let api: EchoApi;
  beforeAll(async () => {
    models = await startFakeModelServer();
    api = await startEchoApi(200);
  });
  afterAll(async () => {
    await Promise.all([models.close(), api.close()]);
  });

  it.each(['text', 'json', 'stream-json'])('keeps the echoed secret from the model, stdout (%s) and the session file', async (format) => {
    models.reset();
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
    });
    await mkdir(path.join(sandbox.project, '.falcon', 'environments'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon', 'environments', 'dev.yaml'), `BASE_URL: ${api.url}\n`);
    models.script([
      `Thought: call the echo endpoint.\nACTION: http_request({"method": "GET", "url": "{{BASE_URL}}/echo", "headers": {"X-Custom": "{{env:API_TOKEN}}"}})`,
      'Final Answer: The API echoes the X-Custom header back.',
    ]);

    const result = await runFalcon(['-p', 'does /echo echo my header?', '--output-format', format, '--yes'], {
      cwd: sandbox.project,
      env: sandbox.env({ API_TOKEN: SECRET }),
    });

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    // The request went out with the real value, and the API echoed it.
    expect(api.received.at(-1)?.['x-custom']).toBe(SECRET);
    const sent = JSON.stringify(models.requests.map((request) => request.messages));
    expectNoSecret(sent, 'what the model was sent');
    expectNoSecret(result.stdout, `stdout (${format})`);
    const sessions = path.join(sandbox.project, '.falcon', 'sessions');
    for (const file of await readdir(sessions)) expectNoSecret(await readFile(path.join(sessions, file), 'utf8'), file);
    // The model still learns that the API echoed the token, and which one.
    expect(sent).toContain('[masked:API_TOKEN]');
  });

  it('masks an environment secret the user pastes into the first message, before any request used it', async () => {
    models.reset();
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
    });
    await mkdir(path.join(sandbox.project, '.falcon', 'environments'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon', 'environments', 'dev.yaml'), `BASE_URL: ${api.url}\nAPI_TOKEN: "{{env:API_TOKEN}}"\n`);
    models.script(['Final Answer: Noted.']);
    const result = await runFalcon(['-p', `my token is ${SECRET}, is it valid?`, '--output-format', 'stream-json'], {
      cwd: sandbox.project,
      env: sandbox.env({ API_TOKEN: SECRET }),
    });
    expect(result.code).toBe(0);
    expectNoSecret(JSON.stringify(models.requests.map((request) => request.messages)), 'what the model was sent');
    expectNoSecret(result.stdout, 'stream-json');
    const sessions = path.join(sandbox.project, '.falcon', 'sessions');
    for (const file of await readdir(sessions)) expectNoSecret(await readFile(path.join(sessions, file), 'utf8'), file);
  });
});

describe('falcon test -H "X-Custom: {{env:TOKEN}}" against an API that echoes it in a 500', () => {
  let api: EchoApi;
  beforeAll(async () => {
    api = await startEchoApi(500);
  });
  afterAll(() => api.close());

  it('writes no form of the secret to stdout, stderr or the Markdown, JSON, JUnit and HTML reports; curl lines send $TOKEN', async () => {
    await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
    await writeFile(path.join(sandbox.project, 'openapi.yaml'), ECHO_SPEC);
    const falconTest = (report: string) =>
      runFalcon(['test', '--spec', 'openapi.yaml', '--base-url', api.url, '-H', 'X-Custom: {{env:TOKEN}}', '--report', report, '--junit', 'junit.xml'], {
        cwd: sandbox.project,
        env: sandbox.env({ TOKEN: SECRET }),
      });

    const outputs: string[] = [];
    for (const report of ['report.json', 'report.html']) {
      const result = await falconTest(report);
      expect(result.code).toBe(1);
      expect(api.received.at(-1)?.['x-custom']).toBe(SECRET);
      outputs.push(result.stdout, result.stderr, await readFile(path.join(sandbox.project, report), 'utf8'));
    }
    const junit = await readFile(path.join(sandbox.project, 'junit.xml'), 'utf8');
    const reports = path.join(sandbox.project, '.falcon', 'reports');
    const written = await readdir(reports);
    const readAll = (files: string[]) => Promise.all(files.map((file) => readFile(path.join(reports, file), 'utf8')));
    const markdown = await readAll(written.filter((file) => file.endsWith('.md')));
    // Each Markdown report has its JSON twin beside it.
    const twins = await readAll(written.filter((file) => file.endsWith('.json')));
    expect(markdown).toHaveLength(2);
    expect(twins).toHaveLength(2);
    for (const [index, text] of [...outputs, junit, ...markdown, ...twins].entries()) expectNoSecret(text, `output ${index}`);
    // Each curl line sends $TOKEN and says to set it: in stdout of both runs, JUnit, HTML and Markdown.
    const [firstStdout, , json, secondStdout, , html] = outputs;
    for (const text of [firstStdout!, secondStdout!, junit, html!, ...markdown]) {
      expect(text).toContain('-H "x-custom: $TOKEN"');
      expect(text).toContain('# set TOKEN first (its value is masked here)');
    }
    expect(json).toContain('"x-custom": "[masked:TOKEN]"');
  });
});

describe('falcon -r with a saved request whose header comes from {{env:API_TOKEN}}', () => {
  let api: EchoApi;
  beforeAll(async () => {
    api = await startEchoApi(200);
  });
  afterAll(() => api.close());

  it('prints the response with the echoed secret masked in its headers and body', async () => {
    await mkdir(path.join(sandbox.project, '.falcon', 'requests'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon', 'requests', 'echo.yaml'), `url: "${api.url}/echo"\nheaders:\n  X-Custom: "{{env:API_TOKEN}}"\n`);
    const result = await runFalcon(['-r', 'echo'], { cwd: sandbox.project, env: sandbox.env({ API_TOKEN: SECRET }) });
    expect(result.code).toBe(0);
    expect(api.received.at(-1)?.['x-custom']).toBe(SECRET);
    expectNoSecret(result.stdout + result.stderr, 'falcon -r');
    expect(result.stdout).toContain('x-echo: [masked:API_TOKEN]');
    expect(result.stdout).toContain('"raw": "[masked:API_TOKEN]"');
  });
});
