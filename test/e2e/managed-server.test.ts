// The API under Falcon's hand as real processes: `node app.js` and `node --watch` started, waited for,
// reloaded after a change and stopped with every process of theirs. When it is ready and when a
// reload shows, on a virtual clock: test/engines/api-server/readiness-and-reload.test.ts.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManagedServer } from '../../src/engines/api-server/managed-server.js';
import { serverEnvironment } from '../../src/engines/api-server/server-environment.js';
import { ServerLog } from '../../src/engines/api-server/server-log.js';
import { serverRequestWatch } from '../../src/engines/api-server/server-request-watch.js';
import { describeServerLog, describeServerWords } from '../../src/engines/api-server/describe-server-log.js';
import { withRequestWatch } from '../../src/engines/http/request-watch.js';
import { sendRequest } from '../../src/engines/http/send-request.js';
import type { ServerSettings } from '../../src/config/types.js';
import { NODE_BUGGY, NODE_BUG_LINE, NODE_FIXED, freePort, lineOf, writeNodeApp } from '../apis/planted-bug-apps.js';
import { killMentioning, processesMentioning } from '../support/processes-mentioning.js';
import { requirePlatform } from '../support/required-tools.js';

let root: string;
let tag: string;
const servers: ManagedServer[] = [];

beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-managed-server-')));
  tag = `tag-${randomBytes(4).toString('hex')}`;
  await writeNodeApp(root);
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.dispose()));
  killMentioning(tag);
  await rm(root, { recursive: true, force: true });
});

async function serverFor(command: string, settings: Partial<ServerSettings> = {}): Promise<{ server: ManagedServer; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = new ManagedServer({
    settings: {
      command,
      cwd: '.',
      env: { PORT: String(port) },
      ready: { timeoutS: 60 },
      reload: 'restart',
      reloadGuessed: false,
      requestIdHeader: 'X-Request-Id',
      ...settings,
    },
    projectRoot: root,
    baseUrl: async () => baseUrl,
    resolve: async (text) => text.replaceAll('{{BASE_URL}}', baseUrl),
    env: serverEnvironment(process.env, { PORT: String(port) }, []),
    log: new ServerLog({ file: path.join(root, '.falcon', 'sessions', 's1', 'server.log'), mask: (text) => text }),
    commandTrusted: true,
  });
  servers.push(server);
  return { server, baseUrl };
}

const get = (server: ManagedServer, url: string) =>
  withRequestWatch(serverRequestWatch({ server, projectRoot: root }), () => sendRequest({ method: 'GET', url }));

describe("the API under Falcon's hand", requirePlatform('linux', 'reads /proc for the process tree'), () => {
  it('starts it, waits until ready, and a 500 comes back with its stack trace reduced to app.js:LINE', async () => {
    expect(await lineOf(path.join(root, 'app.js'), NODE_BUGGY)).toBe(NODE_BUG_LINE);
    const { server, baseUrl } = await serverFor(`node app.js ${tag}`);
    expect(await server.start()).toMatchObject({ ok: true });
    expect(server.state).toBe('running');
    const response = await get(server, `${baseUrl}/users/2`);
    expect(response.status).toBe(500);
    expect(response.request.headers['x-request-id']).toMatch(/^falcon-[0-9a-f]{8}$/);
    const excerpt = response.serverLog!;
    expect(excerpt.where[0]).toBe(`app.js:${NODE_BUG_LINE}`);
    const text = describeServerLog(excerpt).join('\n');
    expect(text).toContain("TypeError: Cannot read properties of undefined (reading 'city')");
    expect(text).toContain(`at app.js:${NODE_BUG_LINE}  return user.profile.city;`);
    expect(text).not.toContain('node:');
    expect(text).toContain('.falcon/sessions/s1/server.log');
    const log = await readFile(path.join(root, '.falcon', 'sessions', 's1', 'server.log'), 'utf8');
    const { first, last } = excerpt.fileLines!;
    expect(
      log
        .split('\n')
        .slice(first - 1, last)
        .join('\n'),
    ).toContain('GET /users/2 failed');
    // A healthy answer carries nothing.
    expect((await get(server, `${baseUrl}/users/1`)).serverLog).toBeUndefined();
  });

  it('reload: restart — after a change it restarts the server, and the next request reaches the new code', async () => {
    const { server, baseUrl } = await serverFor(`node app.js ${tag}`, { reload: 'restart' });
    await server.start();
    const firstPid = server.status().pid;
    const change = await server.beforeChange('app.js', { isNew: false });
    expect(change).toBeDefined();
    const file = path.join(root, 'app.js');
    await writeFile(file, (await readFile(file, 'utf8')).replace(NODE_BUGGY, NODE_FIXED));
    change!.commit();
    const response = await get(server, `${baseUrl}/users/2`);
    expect(response.status).toBe(200);
    expect(response.serverNotes).toBeUndefined();
    expect(server.status().pid).not.toBe(firstPid);
    expect(server.state).toBe('running');
  });

  it('reload: watch — under node --watch the next request waits until the reloaded code answers', async () => {
    const { server, baseUrl } = await serverFor(`node --watch app.js ${tag}`, { reload: 'watch' });
    await server.start();
    expect((await get(server, `${baseUrl}/users/2`)).status).toBe(500);
    const change = await server.beforeChange('app.js', { isNew: false });
    const file = path.join(root, 'app.js');
    await writeFile(file, (await readFile(file, 'utf8')).replace(NODE_BUGGY, NODE_FIXED));
    change!.commit();
    const response = await get(server, `${baseUrl}/users/2`);
    expect(response.status).toBe(200);
    expect(response.serverNotes).toBeUndefined();
  });

  it('reload: watch on a server that does not reload: the answer says it may still run the old code', async () => {
    const { server, baseUrl } = await serverFor(`node app.js ${tag}`, { reload: 'watch', ready: { timeoutS: 1 } });
    await server.start();
    const change = await server.beforeChange('app.js', { isNew: false });
    const file = path.join(root, 'app.js');
    await writeFile(file, (await readFile(file, 'utf8')).replace(NODE_BUGGY, NODE_FIXED));
    change!.commit();
    const response = await get(server, `${baseUrl}/users/2`);
    expect(response.status).toBe(500);
    expect(response.serverNotes).toEqual([
      expect.stringContaining('The server may still run the old code: it showed no reload within 1 s of the change of app.js'),
    ]);
    expect(describeServerWords(response.serverLog, response.serverNotes)[0]).toMatch(/^Note: The server may still run the old code/);
  });

  it('a change of a file the server does not load (a test, a doc) is waited for by nobody', async () => {
    const { server } = await serverFor(`node app.js ${tag}`, { reload: 'restart' });
    await server.start();
    expect(await server.beforeChange('test/app.test.js', { isNew: false })).toBeUndefined();
    expect(await server.beforeChange('README.md', { isNew: false })).toBeUndefined();
  });

  it('stops every process of it, watcher and app alike', async () => {
    const { server } = await serverFor(`node --watch app.js ${tag} & sleep 300 # ${tag}`, { reload: 'watch' });
    await server.start();
    expect(processesMentioning(tag).length).toBeGreaterThanOrEqual(2);
    const stopped = await server.stop();
    expect(stopped.length).toBeGreaterThanOrEqual(2);
    expect(processesMentioning(tag)).toEqual([]);
    expect(server.state).toBe('stopped');
  });

  it('says so, with its last lines, when the server exits before it is ready', async () => {
    const { server } = await serverFor(`node -e "console.error('missing DATABASE_URL'); process.exit(3)" ${tag}`);
    const outcome = await server.start();
    expect(outcome).toMatchObject({ ok: false, problem: expect.stringContaining('exited before it was ready (exit code 3)') });
    expect(outcome.ok || outcome.lastLines).toContain('missing DATABASE_URL');
    expect(server.state).toBe('exited');
  });

  it('uses a server that already answers, without managing it: no log lines for it', async () => {
    const { server: running, baseUrl } = await serverFor(`node app.js ${tag}`);
    await running.start();
    const outside = new ManagedServer({
      settings: running.settings,
      projectRoot: root,
      baseUrl: async () => baseUrl,
      resolve: async (text) => text,
      env: {},
      log: new ServerLog({ mask: (text) => text }),
      commandTrusted: true,
    });
    servers.push(outside);
    await outside.detect();
    expect(outside.state).toBe('external');
    expect(await outside.start()).toMatchObject({ ok: false, problem: expect.stringContaining('Something Falcon did not start already answers') });
    const response = await get(outside, `${baseUrl}/users/2`);
    expect(describeServerLog(response.serverLog!)).toEqual([
      "Server log: Falcon did not start the API's server, so its log lines are unavailable: stop it and let Falcon start it (server start) to see them.",
    ]);
  });

  it('offers to start it when a request is refused, and sends the request once it is ready', async () => {
    const { server, baseUrl } = await serverFor(`node app.js ${tag}`);
    let asked = 0;
    const watch = serverRequestWatch({
      server,
      projectRoot: root,
      offerStart: async () => {
        asked++;
        return true;
      },
    });
    const response = await withRequestWatch(watch, () => sendRequest({ method: 'GET', url: `${baseUrl}/users/1` }));
    expect(response.status).toBe(200);
    expect(asked).toBe(1);
    expect(server.state).toBe('running');
  });

  it('a "no" to the offer leaves the request refused', async () => {
    const { server, baseUrl } = await serverFor(`node app.js ${tag}`);
    const watch = serverRequestWatch({ server, projectRoot: root, offerStart: async () => false });
    await expect(withRequestWatch(watch, () => sendRequest({ method: 'GET', url: `${baseUrl}/users/1` }))).rejects.toThrow(/connection refused/);
    expect(server.state).toBe('stopped');
  });
});
