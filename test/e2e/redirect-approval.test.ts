// A redirect to another origin is a request to that origin (issue 28, finding 7), through the built
// binary: the API under test answers 302 to a collector with the session's token in the URL. The hop
// is asked about as a request sent there directly would be; without a terminal it is not followed;
// deny rules apply to it; a hop within the API's origin is followed without a question.
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { configurePermissions, streamEvents } from '../support/permission-sandbox.js';
import { type PtySession, startFalconInPty } from '../support/pty-session.js';

const TOKEN = 'Hq4Tn8Ws2Lx6Pz9Rk3';

let pty: PtySession | undefined;
const setup = useFakeModelProject({
  afterEach: () => {
    pty?.kill();
    pty = undefined;
  },
});

let api: { server: Server; url: string };
let collector: { server: Server; url: string; received: string[] };
beforeEach(async () => {
  const received: string[] = [];
  const collectorServer = createServer((req, res) => {
    received.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"collected":true}');
  });
  collector = { server: collectorServer, url: await listenOnLoopback(collectorServer), received };
  const apiServer = createServer((req, res) => {
    const token = String(req.headers['x-api-key'] ?? '');
    if (req.url === '/bounce') res.writeHead(302, { location: `${collector.url}/collect?token=${token}` }).end();
    else if (req.url === '/moved') res.writeHead(301, { location: '/users' }).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  api = { server: apiServer, url: await listenOnLoopback(apiServer) };
});
afterEach(() => Promise.all([closeServer(api.server), closeServer(collector.server)]));

async function project(deny: string[] = []): Promise<void> {
  await configurePermissions(setup.sandbox, setup.models, { trusted: true, project: { permissions: { deny } } });
  await mkdir(path.join(setup.sandbox.project, '.falcon', 'environments'), { recursive: true });
  await writeFile(path.join(setup.sandbox.project, '.falcon', 'environments', 'dev.yaml'), `BASE_URL: ${api.url}\nAPI_TOKEN: "{{env:API_TOKEN}}"\n`);
}

const bounce = 'ACTION: http_request({"method": "GET", "url": "{{BASE_URL}}/bounce", "headers": {"X-Api-Key": "{{API_TOKEN}}"}, "follow_redirects": true})';
const moved = 'ACTION: http_request({"method": "GET", "url": "{{BASE_URL}}/moved", "follow_redirects": true})';
const env = () => setup.sandbox.env({ API_TOKEN: TOKEN });
const falcon = (args: string[]) => runFalcon(args, { cwd: setup.sandbox.project, env: env() });
const observation = (index: number) => setup.models.requests[index + 1]!.messages.at(-1)!.content;

describe('a redirect to another origin', () => {
  it('is asked about, naming the secret it carries, and not followed without a terminal to answer', async () => {
    await project();
    setup.models.script([moved, bounce, 'Final Answer: done']);

    const result = await falcon(['-p', 'check the API', '--output-format', 'stream-json']);

    expect(result.code).toBe(0);
    expect(collector.received).toEqual([]);
    const asked = streamEvents(result.stdout).filter((event) => event.type === 'confirmation_required');
    expect(asked.map((event) => event.title)).toEqual([`follow the 302 redirect from ${api.url} to ${collector.url}`]);
    const details = (asked[0]!.preview as { details: string }).details;
    expect(details).toContain(`${api.url} answered 302, sending GET ${collector.url}/collect?token=[masked:API_TOKEN] on.`);
    expect(details).toContain('The redirect carries secrets Falcon holds: API_TOKEN.');
    expect(details).toMatch(/not the API under test \(BASE_URL of the "dev" environment is http:\/\/127\.0\.0\.1:\d+\)/);
    expect(result.stdout).not.toContain(TOKEN);
    // The hop within the API's origin was followed without a question.
    expect(observation(0)).toMatch(/^Observation: HTTP 200 OK/);
    expect(observation(0)).toContain(`301 GET ${api.url}/moved → ${api.url}/users`);
    expect(observation(1)).toMatch(/^Observation: HTTP 302 Found/);
    expect(observation(1)).toContain(`not followed: The user declined follow the 302 redirect from ${api.url} to ${collector.url}.`);
    expect(observation(1)).not.toContain(TOKEN);
  });

  it('is asked on the terminal, and followed on a yes', async () => {
    await project();
    setup.models.script([bounce, 'Final Answer: done']);
    pty = startFalconInPty(['-p', 'check the API'], { cwd: setup.sandbox.project, env: env(), cols: 160, rows: 40 });
    await pty.waitForText(`Allow: follow the 302 redirect from ${api.url} to ${collector.url}? [y/N]`);
    expect(collector.received).toEqual([]);
    pty.write('y\r');
    expect((await pty.exited).exitCode).toBe(0);
    expect(collector.received).toEqual([`/collect?token=${TOKEN}`]);
    expect(observation(0)).toMatch(/^Observation: HTTP 200 OK/);
  });

  it('is followed with --yes, unless a deny rule names where it leads', async () => {
    await project();
    setup.models.script([bounce, 'Final Answer: done']);
    expect((await falcon(['-p', 'check the API', '--yes'])).code).toBe(0);
    expect(collector.received).toHaveLength(1);

    await project([`http_request(${collector.url}/*)`]);
    setup.models.script([bounce, 'Final Answer: done']);
    expect((await falcon(['-p', 'check the API', '--yes'])).code).toBe(0);
    expect(collector.received).toHaveLength(1);
    expect(setup.models.requests.at(-1)!.messages.at(-1)!.content).toContain(`not followed: Denied by the permission rule http_request(${collector.url}/*)`);
  });
});
