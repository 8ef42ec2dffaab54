// /init inside a session, through the built binary in a pseudo-terminal: it shows what .falcon/ says
// now, asks falcon init's questions in place, and the session sends its next request to the base
// URL chosen — without leaving the session.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';

let pty: PtySession | undefined;
const setup = useFakeModelProject({
  afterEach: () => {
    pty?.kill();
    pty = undefined;
  },
});

interface Api {
  url: string;
  server: Server;
  hits: string[];
}

async function startApi(): Promise<Api> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok": true}');
  });
  return { server, hits, url: await listenOnLoopback(server) };
}

let oldApi: Api;
let newApi: Api;
beforeEach(async () => {
  [oldApi, newApi] = await Promise.all([startApi(), startApi()]);
});
afterEach(async () => {
  await Promise.all([closeServer(oldApi.server), closeServer(newApi.server)]);
});

const inProject = (file: string) => path.join(setup.sandbox.project, file);

async function open(): Promise<PtySession> {
  pty = startFalconInPty([], { cwd: setup.sandbox.project, env: setup.sandbox.env(), cols: 120, rows: 40 });
  await pty.waitForText('Ask about your API');
  return pty;
}

async function send(session: PtySession, text: string): Promise<void> {
  session.write(text);
  await session.waitForText(`› ${text}`);
  session.write('\r');
}

describe('/init in a session', () => {
  beforeEach(async () => {
    // The user's own project: requests to its BASE_URL go without asking.
    await setup.sandbox.trustProject();
    await mkdir(inProject('.falcon/environments'), { recursive: true });
    await writeFile(inProject('.falcon/config.yaml'), `# our API\nframework: express\nbase_url: ${oldApi.url}\n`);
    await writeFile(inProject('.falcon/environments/dev.yaml'), `# local\nBASE_URL: ${oldApi.url}\nTOKEN: t\n`);
  });

  it('shows the configured base URL, asks in place, and the next request goes to the URL chosen', async () => {
    setup.models.script(['ACTION: http_request({"method": "GET", "url": "{{BASE_URL}}/ping"})', 'Final Answer: pinged']);
    const session = await open();
    await send(session, '/init');
    await session.waitForText(`Base URL:  ${oldApi.url} (BASE_URL of the "dev" environment, where requests go)`);
    expect(session.screen()).toContain('Framework: express');
    await session.waitForText('Framework of this API');
    expect(session.screen()).toMatch(/❯ Express \(Node\.js\) configured/);
    session.write('\r');
    await session.waitForText('Base URL of the API in development (BASE_URL of the "dev" environment)');
    expect(session.screen()).toContain(`configured: ${oldApi.url}`);
    expect(session.screen()).toContain(`› ${oldApi.url}`);
    session.write('\x15');
    session.write('not a url');
    await session.waitForText('› not a url');
    session.write('\r');
    await session.waitForText('"not a url" is not a URL; expected e.g. http://localhost:3000');
    session.write('\x15');
    session.write(`${newApi.url}/`);
    await session.waitForText(`› ${newApi.url}/`);
    session.write('\r');
    await session.waitForText('No OpenAPI, Swagger or Postman file found; API spec');
    session.write('\r');
    // Nothing says how the API starts: none, the first answer, leaves server: out.
    await session.waitForText(/❯ none: I start it myself/);
    session.write('\r');
    await session.waitForText('Init done');
    expect(session.screen()).toContain('updated .falcon/config.yaml: base_url');
    expect(session.screen()).toContain('updated .falcon/environments/dev.yaml: BASE_URL');
    expect(session.screen()).toContain(`Requests now go to ${newApi.url} (BASE_URL of the "dev" environment).`);
    expect(await readFile(inProject('.falcon/config.yaml'), 'utf8')).toBe(`# our API\nframework: express\nbase_url: ${newApi.url}\n`);
    expect(await readFile(inProject('.falcon/environments/dev.yaml'), 'utf8')).toBe(`# local\nBASE_URL: ${newApi.url}\nTOKEN: t\n`);

    await send(session, 'ping the API');
    await session.waitForText('pinged');
    expect(newApi.hits).toEqual(['GET /ping']);
    expect(oldApi.hits).toEqual([]);
  });

  it('changes nothing when a question is cancelled with Esc', async () => {
    const session = await open();
    await send(session, '/init');
    await session.waitForText('Framework of this API');
    session.write('\r');
    await session.waitForText('Base URL of the API in development');
    session.write('\x1b');
    await session.waitForText('Init cancelled; nothing was changed.');
    expect(await readFile(inProject('.falcon/config.yaml'), 'utf8')).toBe(`# our API\nframework: express\nbase_url: ${oldApi.url}\n`);
    await session.waitForText('Ask about your API');
  });
});

describe('/init in a project with no settings yet', () => {
  it('says so, offers what it finds, and creates .falcon/ with the answers', async () => {
    await writeFile(inProject('package.json'), JSON.stringify({ dependencies: { fastify: '5.0.0' }, scripts: { dev: 'node server.js --port 4321' } }));
    await mkdir(inProject('docs'));
    await writeFile(
      inProject('docs/openapi.yaml'),
      'openapi: 3.0.3\ninfo: {title: Notes, version: "1"}\npaths:\n  /notes:\n    get:\n      responses:\n        "200": {description: ok}\n',
    );
    const session = await open();
    await send(session, '/init');
    await session.waitForText('This project is not set up yet: .falcon/ is created once you have answered.');
    await session.waitForText(/❯ Fastify \(Node\.js\) detected: package\.json/);
    session.write('\r');
    await session.waitForText('found: package.json script "dev": --port 4321');
    expect(session.screen()).toContain('› http://localhost:4321');
    session.write('\r');
    await session.waitForText('❯ docs/openapi.yaml (OpenAPI 3.0.3)');
    session.write('\r');
    await session.waitForText(/❯ npm run dev \(reload: restart\)/);
    session.write('\r');
    await session.waitForText('Ingest docs/openapi.yaml into .falcon/spec.yaml now?');
    session.write('\r');
    await session.waitForText('Ingested 1 operation of docs/openapi.yaml into .falcon/spec.yaml.');
    expect(session.screen()).toContain('created .falcon/config.yaml');
    expect(session.screen()).toContain('created .falcon/environments/dev.yaml');
    expect(await readFile(inProject('.falcon/config.yaml'), 'utf8')).toContain(
      'framework: fastify\nbase_url: http://localhost:4321\nspec: docs/openapi.yaml\n',
    );
    expect(await readFile(inProject('.falcon/config.yaml'), 'utf8')).toContain('server:\n  command: npm run dev\n  reload: restart\n');
    await session.waitForText('env: dev');
  });
});
