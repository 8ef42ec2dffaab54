// Runs the built binary in a pseudo-terminal against a real loopback API.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type CountingServer, startCountingServer } from '../apis/counting-server.js';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { until } from '../support/patience.js';
import { startFalconInPty } from '../support/pty-session.js';

let api: CountingServer;
let sandbox: Sandbox;
beforeEach(async () => {
  api = await startCountingServer();
  sandbox = await createSandbox();
});
afterEach(async () => {
  await api.close();
  await sandbox.cleanup();
});

it('shows one live line in a terminal, redrawn in place, and stops at once on Ctrl-C with the figures so far', async () => {
  // Ten minutes asked for: only Ctrl-C can end it within the test's timeout.
  const session = startFalconInPty(['perf', `${api.url}/x`, '-d', '10m', '-c', '2'], { cwd: sandbox.project, env: sandbox.env() });
  const LIVE = /\d+\.\ds left · [\d,]+ requests · [\d,]+ req\/s · p95 [\d.]+ ms · 0 errors/;
  await session.waitForText(LIVE);
  const liveLines = () =>
    session
      .screen()
      .split('\n')
      .filter((line) => / left · /.test(line));
  const first = liveLines()[0];
  await until(() => liveLines()[0] !== first, 'the live line to change');
  expect(liveLines()).toHaveLength(1);
  expect(liveLines()[0]).toMatch(LIVE);
  session.write('\x03');
  const { exitCode } = await session.exited;
  expect(exitCode).toBe(130);
  const screen = session.screen();
  expect(screen).toMatch(new RegExp(`GET ${api.url}/x — closed model, 2 connections, [\\d.]+ s \\(interrupted\\)`));
  expect(screen).toMatch(/requests {4}[\d,]+ · [\d,]+ ok · 0 failed/);
  // The live line is cleared before the summary.
  expect(screen).not.toMatch(/ left · /);
});
