import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { startFalconInPty } from '../support/pty-session.js';
import { CLIENT_ID, CLIENT_SECRET, type OAuth2TestServer, startOAuth2Server } from '../apis/oauth2-test-server.js';

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

/** Answers every request with the X-Custom header it got: as is, URL-encoded and base64, in its body and a header (and its media type, when asked). */
async function startEchoApi(status: number, { inMediaType = false } = {}): Promise<EchoApi> {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    received.push(request.headers);
    const value = String(request.headers['x-custom'] ?? '');
    const body = { raw: value, url: encodeURIComponent(value), b64: Buffer.from(value).toString('base64') };
    const contentType = inMediaType ? `application/x-echo-${value}; charset=utf-8` : 'application/json';
    response.writeHead(status, { 'content-type': contentType, 'x-echo': value, 'x-echo-b64': Buffer.from(value).toString('base64url') });
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
    api = await startEchoApi(200, { inMediaType: true });
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
    // The screen's facts of the response, masked as its text: on stdout as the event streams, and in the session file.
    const [file] = await readdir(sessions);
    const recorded = (await readFile(path.join(sessions, file!), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { event?: { type: string } });
    expect(recorded.find((record) => record.event?.type === 'tool_result')?.event).toMatchObject({
      details: { kind: 'http_response', status: 200, statusText: 'OK', contentType: 'application/x-echo-[masked:API_TOKEN]' },
    });
    if (format === 'stream-json') expect(result.stdout).toContain('"contentType":"application/x-echo-[masked:API_TOKEN]"');
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

describe('secrets the model types into the auth tool', () => {
  let models: FakeModelServer;
  let tokens: OAuth2TestServer;
  beforeAll(async () => {
    [models, tokens] = await Promise.all([startFakeModelServer(), startOAuth2Server()]);
  });
  afterAll(async () => {
    await Promise.all([models.close(), tokens.close()]);
  });

  it('are registered before the call is recorded: the session file and the events never hold them in clear', async () => {
    const typed = { bearer: 'tok-bearer-9f8A7b6C5d', password: 'pw-hunter22-Xy', key: 'key-Zx81Lm92Qp' };
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
    });
    models.script([
      `ACTION: auth({"action": "bearer", "token": "${typed.bearer}"})`,
      `ACTION: auth({"action": "basic", "username": "ada", "password": "${typed.password}"})`,
      `ACTION: auth({"action": "api_key", "key": "${typed.key}"})`,
      `ACTION: auth({"action": "oauth2", "grant": "client_credentials", "token_url": "${tokens.url}/token", "client_id": ${JSON.stringify(CLIENT_ID)}, "client_secret": ${JSON.stringify(CLIENT_SECRET)}})`,
      'Final Answer: all saved',
    ]);
    const result = await runFalcon(['-p', 'set up auth', '--output-format', 'stream-json', '--yes'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(0);
    expect(tokens.calls).toHaveLength(1);
    const sessions = path.join(sandbox.project, '.falcon', 'sessions');
    // The deltas stream the reply before it can be read as a call; every event after it is masked.
    const events = result.stdout
      .split('\n')
      .filter((line) => !line.startsWith('{"type":"text_delta"'))
      .join('\n');
    const written = [events, ...(await Promise.all((await readdir(sessions)).map((file) => readFile(path.join(sessions, file), 'utf8'))))];
    for (const text of written) {
      for (const secret of [...Object.values(typed), CLIENT_SECRET, Buffer.from(`ada:${typed.password}`).toString('base64')])
        expect(text).not.toContain(secret);
    }
    expect(written[1]).toContain('[masked:API_TOKEN]');
    expect(written[1]).toContain('[masked:CLIENT_SECRET]');
  });
});

/** Answers every request with the headers it got, in its body: as sent, and a Basic credential decoded. */
async function startHeaderEchoApi(): Promise<EchoApi> {
  const received: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    received.push(request.headers);
    const basic = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
    const decoded = basic ? Buffer.from(basic, 'base64').toString('utf8') : '';
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ headers: request.headers, user: decoded, password: decoded.split(':')[1] }));
  });
  const url = await listenOnLoopback(server);
  return { url, received, close: () => closeServer(server) };
}

describe('headers given to falcon test -H and written in a flow, echoed back by the API', () => {
  let api: EchoApi;
  beforeAll(async () => {
    api = await startHeaderEchoApi();
  });
  afterAll(() => api.close());

  const basic = Buffer.from('ada:pw-lovelace-1815').toString('base64');
  const given = ['pw-lovelace-1815', 'ada:pw-lovelace-1815', basic, 'tenant-live-abc123'];
  const expectNoneGiven = (text: string, where: string) => {
    for (const value of given) expect(text, `${where} holds ${value}`).not.toContain(value);
  };

  it('falcon test: the Authorization credential (a Basic pair decoded too) and a header of any name are masked in stdout and every report', async () => {
    await mkdir(path.join(sandbox.project, '.falcon'), { recursive: true });
    await writeFile(path.join(sandbox.project, 'openapi.yaml'), ECHO_SPEC);
    const result = await runFalcon(
      [
        'test',
        '--spec',
        'openapi.yaml',
        '--base-url',
        api.url,
        '-H',
        `Authorization: Basic ${basic}`,
        '-H',
        'X-Tenant: tenant-live-abc123',
        '-H',
        'Accept: application/json',
        '--report',
        'report.json',
      ],
      { cwd: sandbox.project, env: sandbox.env() },
    );
    expect(result.code).toBe(1);
    expect(api.received.at(-1)?.['x-tenant']).toBe('tenant-live-abc123');
    expectNoneGiven(result.stdout + result.stderr, 'falcon test output');
    const report = await readFile(path.join(sandbox.project, 'report.json'), 'utf8');
    expectNoneGiven(report, 'report.json');
    expect(report).toContain('[masked:X-Tenant]');
    expect(report).toContain('application/json');
    const reports = path.join(sandbox.project, '.falcon', 'reports');
    for (const file of await readdir(reports)) expectNoneGiven(await readFile(path.join(reports, file), 'utf8'), file);
  });

  it('falcon flow run: a step’s headers are masked wherever the API echoes them', async () => {
    await mkdir(path.join(sandbox.project, '.falcon', 'flows'), { recursive: true });
    await writeFile(
      path.join(sandbox.project, '.falcon', 'flows', 'echo.yaml'),
      `name: echo\nsteps:\n  - name: echo\n    request:\n      method: GET\n      url: ${api.url}/echo\n      headers:\n        Authorization: Basic ${basic}\n        X-Tenant: tenant-live-abc123\n`,
    );
    const result = await runFalcon(['flow', 'run', 'echo', '--report', 'flow.json'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(1);
    expect(api.received.at(-1)?.['x-tenant']).toBe('tenant-live-abc123');
    expectNoneGiven(result.stdout + result.stderr, 'falcon flow run output');
    expectNoneGiven(await readFile(path.join(sandbox.project, 'flow.json'), 'utf8'), 'flow.json');
  });
});

describe('a registered secret in a streamed reply', () => {
  const STREAMED = 'tok-live-Q7w8E9r0T1y2U3';
  let models: FakeModelServer;
  beforeAll(async () => {
    models = await startFakeModelServer();
  });
  afterAll(() => models.close());
  beforeEach(async () => {
    models.reset();
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
    });
    await mkdir(path.join(sandbox.project, '.falcon', 'environments'), { recursive: true });
    await writeFile(path.join(sandbox.project, '.falcon', 'environments', 'dev.yaml'), 'API_TOKEN: "{{env:API_TOKEN}}"\n');
    models.script([{ text: `Final Answer: The token in use is ${STREAMED}, and it is still valid.`, chunkSize: 3 }]);
  });

  it('never shows in the deltas of stream-json, not even split across them', async () => {
    const result = await runFalcon(['-p', 'which token?', '--output-format', 'stream-json'], {
      cwd: sandbox.project,
      env: sandbox.env({ API_TOKEN: STREAMED }),
    });
    expect(result.code).toBe(0);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; text?: string });
    const streamed = events
      .filter((event) => event.type === 'text_delta')
      .map((event) => event.text)
      .join('');
    expect(streamed).toContain('[masked:API_TOKEN]');
    expect(streamed).not.toContain(STREAMED.slice(0, 8));
    expect(result.stdout).not.toContain(STREAMED);
  });

  it('never shows on the interactive screen while it streams', async () => {
    // Slow enough that the screen is drawn while the reply streams, not only once it has come.
    models.reset();
    models.script([{ text: `Final Answer: The token in use is ${STREAMED}, and it is still valid.`, chunkSize: 3, chunkDelayMs: 40 }]);
    const falcon = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env({ API_TOKEN: STREAMED }), cols: 100, rows: 30 });
    try {
      await falcon.waitForText('Ask about your API');
      falcon.write('which token?');
      await new Promise((resolve) => setTimeout(resolve, 100));
      falcon.write('\r');
      await falcon.waitForText('it is still valid', 20_000);
      expect(falcon.screen()).toContain('[masked:API_TOKEN]');
      expect(falcon.output()).not.toContain(STREAMED.slice(0, 8));
    } finally {
      falcon.kill();
    }
  });
});
