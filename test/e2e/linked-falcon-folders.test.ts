// A repository whose .falcon/, .falcon/sessions/ or .falcon/reports/ is a symbolic link to elsewhere,
// through the built binary: sessions and reports are written inside the project or not at all, and
// the dashboard shows nothing from outside it.
import { mkdir, readdir, rename, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FalconUi, startFalconUi } from '../support/dashboard-sample/falcon-ui.js';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { runFalcon } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';

let ui: FalconUi | undefined;
const setup = useFakeModelProject({
  afterEach: async () => {
    await ui?.stop();
    ui = undefined;
  },
});
let api: { url: string; server: Server };
beforeEach(async () => {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok": true}'));
  api = { server, url: await listenOnLoopback(server) };
});
afterEach(() => closeServer(api.server));

/** A folder beside the project, where a link in the repository points. */
const outside = (name: string) => path.join(path.dirname(setup.sandbox.project), name);
const falconDir = (...parts: string[]) => path.join(setup.sandbox.project, '.falcon', ...parts);
const falcon = (args: string[]) => runFalcon(args, { cwd: setup.sandbox.project, env: setup.sandbox.env() });
const listed = (folder: string) => readdir(folder).catch(() => [] as string[]);

describe('a linked .falcon/sessions/', () => {
  it('is not followed: the session is not saved, a warning says why, and none is resumed from there', async () => {
    await mkdir(outside('elsewhere'));
    await writeFile(
      path.join(outside('elsewhere'), 'planted.jsonl'),
      `${JSON.stringify({ kind: 'message', at: '2025-01-01T00:00:00.000Z', role: 'user', content: 'planted' })}\n`,
    );
    await symlink(outside('elsewhere'), falconDir('sessions'));
    setup.models.script(['Final Answer: hello']);
    const result = await falcon(['-p', 'hi']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('hello\n');
    expect(result.stderr).toBe(
      `warning: This session is not saved: .falcon/sessions/ is a symbolic link (to ${outside('elsewhere')}), and Falcon keeps sessions only in a real folder inside the project.\n`,
    );
    expect(await listed(outside('elsewhere'))).toEqual(['planted.jsonl']);

    const resumed = await falcon(['-p', 'go on', '--resume', 'planted']);
    expect(resumed.code).not.toBe(0);
    expect(resumed.stderr).toContain('.falcon/sessions/ is a symbolic link');
    expect(setup.models.requests).toHaveLength(1);
  });

  it('starts no background task, whose output would go there', async () => {
    await mkdir(outside('elsewhere'));
    await symlink(outside('elsewhere'), falconDir('sessions'));
    setup.models.script(['ACTION: bash({"command": "echo hi", "run_in_background": true})', 'Final Answer: done']);
    const result = await falcon(['-p', 'start it', '--yes']);
    expect(result.code).toBe(0);
    expect(setup.models.requests[1]!.messages.at(-1)!.content).toMatch(
      /^Observation: Error: No background task can start: its output would go through \.falcon\/sessions\/ is a symbolic link/,
    );
    expect(await listed(outside('elsewhere'))).toEqual([]);
  });
});

describe('a linked .falcon/', () => {
  it('is not followed for sessions either', async () => {
    await rename(falconDir(), outside('shared-falcon'));
    await symlink(outside('shared-falcon'), path.join(setup.sandbox.project, '.falcon'));
    setup.models.script(['Final Answer: hello']);
    const result = await falcon(['-p', 'hi']);
    expect(result.stderr).toBe(
      `warning: This session is not saved: .falcon/ is a symbolic link (to ${outside('shared-falcon')}), and Falcon keeps sessions only in a real folder inside the project.\n`,
    );
    expect(await listed(outside('shared-falcon'))).toEqual([]);
  });

  it('gets nothing Falcon writes for the project: a spec, a variable, a saved request', async () => {
    await rename(falconDir(), outside('shared-falcon'));
    await symlink(outside('shared-falcon'), path.join(setup.sandbox.project, '.falcon'));
    await writeFile(path.join(setup.sandbox.project, 'openapi.yaml'), 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths: {}\n');
    setup.models.script([
      'ACTION: ingest_spec({"source": "openapi.yaml"})',
      'ACTION: variable({"action": "set", "name": "USER", "value": "7", "scope": "global"})',
      `ACTION: request({"action": "save", "name": "health", "url": "${api.url}/health"})`,
      'Final Answer: done',
    ]);
    const result = await falcon(['-p', 'set up', '--yes']);
    expect(result.code).toBe(0);
    const why = `.falcon/ is a symbolic link (to ${outside('shared-falcon')}), and Falcon writes its files only inside the project`;
    const seen = setup.models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
    expect(seen[0]).toBe(`Observation: Error: .falcon/spec.yaml was not written: ${why}`);
    expect(seen[1]).toContain(`.falcon/variables.json was not written: ${why}`);
    expect(seen[2]).toContain(`.falcon/requests/health.yaml was not written: ${why}`);
    expect(await listed(outside('shared-falcon'))).toEqual([]);
  });
});

describe('a linked .falcon/reports/', () => {
  it('gets no report: the tool says why, and nothing is written there', async () => {
    await mkdir(outside('reports'));
    await symlink(outside('reports'), falconDir('reports'));
    setup.models.script([`ACTION: run_smoke({"base_url": "${api.url}", "endpoints": ["GET /health"]})`, 'Final Answer: done']);
    const result = await falcon(['-p', 'smoke it', '--yes']);
    expect(result.code).toBe(0);
    expect(setup.models.requests[1]!.messages.at(-1)!.content).toBe(
      `Observation: Error: the report was not written: .falcon/reports/ is a symbolic link (to ${outside('reports')}), and Falcon writes reports only into a real folder inside the project`,
    );
    expect(await listed(outside('reports'))).toEqual([]);
  });
});

describe('falcon ui in a project whose sessions and reports are links', () => {
  it('lists and serves nothing from outside the project', async () => {
    await mkdir(outside('sessions'));
    await mkdir(outside('reports'));
    const planted = { kind: 'message', at: '2025-01-01T00:00:00.000Z', role: 'user', content: 'a secret conversation from elsewhere' };
    await writeFile(path.join(outside('sessions'), 'elsewhere.jsonl'), `${JSON.stringify(planted)}\n`);
    await writeFile(path.join(outside('reports'), 'perf_report_elsewhere_20250101-000000.json'), '{"kind": "perf"}');
    await symlink(outside('sessions'), falconDir('sessions'));
    await symlink(outside('reports'), falconDir('reports'));
    ui = await startFalconUi(['--port', '0'], { cwd: setup.sandbox.project, env: setup.sandbox.env() });
    const get = async (pathname: string) => {
      const response = await fetch(`${ui!.origin}${pathname}`, { headers: { cookie: `falcon_ui_${ui!.port}=${ui!.token}` } });
      return { status: response.status, body: await response.text() };
    };

    const sessions = await get('/sessions');
    expect(sessions.status).toBe(200);
    expect(sessions.body).not.toContain('elsewhere');
    const session = await get('/sessions/elsewhere');
    expect(session.status).toBe(404);
    expect(session.body).not.toContain('a secret conversation');
    expect((await get('/sessions/elsewhere/events')).status).toBe(404);
    expect((await get('/load')).body).not.toContain('perf_report_elsewhere');
    const overview = await get('/');
    expect(overview.body).not.toContain('elsewhere');
    expect(overview.body).toContain('.falcon/reports/ is a symbolic link');
    expect((await get('/load/perf_report_elsewhere_20250101-000000.json')).status).toBe(404);
  });
});
