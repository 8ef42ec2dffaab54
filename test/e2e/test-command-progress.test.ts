import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { closeServer, listenOnLoopback, type SpecServer } from '../apis/loopback-server.js';
import { startNonconformingApi } from '../apis/nonconforming-api.js';
import { startFalconInPty } from '../support/pty-session.js';

// Needs the built binary: `npm run build` (npm test does it first).
let api: SpecServer;
let sandbox: Sandbox;

beforeAll(async () => {
  api = await startNonconformingApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

const BAR = /\[█*░*\] (\d+)\/(\d+) cases · \d+ failed/;
const COLOUR = /\u001b\[(?:3\d|9\d|1|2)m/;

describe('falcon test in a terminal', () => {
  it('redraws one progress line in place and clears it before the summary', async () => {
    const session = startFalconInPty(['test', '--spec', api.specFile, '--base-url', api.url, '--workers', '1'], {
      cwd: sandbox.project,
      env: sandbox.env(),
      cols: 120,
    });
    const { exitCode } = await session.exited;
    expect(exitCode).toBe(1);
    const raw = session.output();
    const drawn = raw.split('\r').flatMap((segment) => BAR.exec(segment) ?? []);
    expect(drawn.length).toBeGreaterThan(1);
    const last = BAR.exec(raw.slice(raw.lastIndexOf('\r[')))!;
    expect(last[1]).toBe(last[2]);
    expect(raw).toMatch(/ · (GET|POST|PUT|DELETE) \/\S*\u001b\[K/);

    await session.waitForText('cases failed');
    const screen = session.screen();
    expect(screen).not.toMatch(BAR);
    expect(screen).toMatch(/^Testing Nonconforming API 1\.0\.0 at /m);
    expect(screen).toMatch(/^Operations: 14\/14 covered$/m);
    expect(raw).not.toMatch(COLOUR);
  });

  it('colours the bar and the summary when NO_COLOR is not set', async () => {
    const env = sandbox.env();
    delete env.NO_COLOR;
    const session = startFalconInPty(['test', '--spec', api.specFile, '--base-url', api.url, '--include', 'getStats'], { cwd: sandbox.project, env });
    expect((await session.exited).exitCode).toBe(1);
    expect(session.output()).toMatch(COLOUR);
    await session.waitForText(/✗ \d+ of \d+ cases? failed/);
  });

  it('Ctrl-C stops the run, reports the cases not sent as cancelled, and exits 130', async () => {
    // An API that never answers: the run is still waiting when the user presses Ctrl-C.
    const hanging = createServer(() => undefined);
    const url = await listenOnLoopback(hanging);
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Hang', version: '1.0.0' },
      paths: { '/hang': { get: { operationId: 'hang', responses: { '200': { description: 'never' } } } } },
    };
    await writeFile(path.join(sandbox.project, 'openapi.json'), JSON.stringify(spec));
    try {
      const session = startFalconInPty(['test', '--spec', 'openapi.json', '--base-url', url], { cwd: sandbox.project, env: sandbox.env() });
      await session.waitForText(/^Testing Hang 1\.0\.0 at /m);
      session.write('\x03');
      expect((await session.exited).exitCode).toBe(130);
      await session.waitForText(/^Cases: (\d+) — 0 passed, 0 failed, \1 skipped$/m);
      expect(session.screen()).toMatch(/^ {2}\d+ × cancelled$/m);
      expect(session.screen()).toMatch(/^Interrupted: (\d+) of \1 cases were not run$/m);
    } finally {
      await closeServer(hanging);
    }
  });
});
