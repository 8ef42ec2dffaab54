import { describe, expect, it } from 'vitest';
import { waitForReady } from '../../../src/engines/api-server/readiness.js';
import { ServerLog } from '../../../src/engines/api-server/server-log.js';
import { watchForReload } from '../../../src/engines/api-server/watch-for-reload.js';
import type { ProcessEntry } from '../../../src/engines/exec/process-table.js';
import { virtualClock } from '../../support/virtual-clock.js';

const never = new Promise<never>(() => undefined);
const URL = 'http://127.0.0.1:3000/health';

/** A probe answering from a script of statuses (undefined: refused), the last one for ever after. */
function scriptedProbe(...answers: (number | undefined)[]) {
  const asked: string[] = [];
  return {
    asked,
    probe: async (url: string) => {
      asked.push(url);
      return answers.length > 1 ? answers.shift() : answers[0];
    },
  };
}

describe('waiting for the server to be ready', () => {
  it('is ready once its URL answers below 500 (when ready.url is given)', async () => {
    const clock = virtualClock();
    const { probe, asked } = scriptedProbe(undefined, undefined, 503, 200);
    const log = new ServerLog({ mask: (text) => text });
    expect(await waitForReady({ readiness: { url: URL, strict: true }, log, since: 0, exited: never, timeoutMs: 60_000, clock, probe })).toBe('ready');
    expect(asked).toHaveLength(4);
  });

  it('is ready at any answer of BASE_URL', async () => {
    const { probe } = scriptedProbe(undefined, 404);
    const log = new ServerLog({ mask: (text) => text });
    expect(await waitForReady({ readiness: { url: URL, strict: false }, log, since: 0, exited: never, timeoutMs: 60_000, clock: virtualClock(), probe })).toBe(
      'ready',
    );
  });

  it('waits for its ready line when ready.log is given, whatever the letter case', async () => {
    const clock = virtualClock();
    const log = new ServerLog({ mask: (text) => text });
    const { probe } = scriptedProbe(200);
    log.write('Listening before the start\n');
    const since = log.mark;
    const waiting = waitForReady({ readiness: { url: URL, strict: false, log: 'listening on' }, log, since, exited: never, timeoutMs: 60_000, clock, probe });
    log.write('compiling…\n');
    await clock.sleep(0);
    log.write('LISTENING ON 3000\n');
    expect(await waiting).toBe('ready');
  });

  it('says so when the process exits first, and when the time is up', async () => {
    const log = new ServerLog({ mask: (text) => text });
    const { probe } = scriptedProbe(undefined);
    expect(
      await waitForReady({ readiness: { url: URL, strict: false }, log, since: 0, exited: Promise.resolve(), timeoutMs: 60_000, clock: virtualClock(), probe }),
    ).toBe('exited');
    const clock = virtualClock();
    expect(await waitForReady({ readiness: { url: URL, strict: false }, log, since: 0, exited: never, timeoutMs: 60_000, clock, probe })).toBe('timeout');
    expect(clock.time).toBeGreaterThanOrEqual(60_000);
  });
});

describe('watching a self-reloading server take a change', () => {
  const entry: ProcessEntry = { pid: 10, ppid: 1, pgid: 10, startTime: 5 };

  it('sees it reloaded once one of its processes restarted and it answers again', async () => {
    const log = new ServerLog({ mask: (text) => text });
    let ended = false;
    const watch = watchForReload({
      readiness: { url: URL, strict: false },
      log,
      since: log.mark,
      processes: [entry],
      anyEnded: () => ended,
      exited: never,
      timeoutMs: 60_000,
      clock: virtualClock(),
      // Answers all along: the old process, then the new one.
      probe: async () => {
        ended = true;
        return 200;
      },
    });
    expect(await watch.outcome).toBe('reloaded');
  });

  it('sees it reloaded once its ready check failed and passed again', async () => {
    const log = new ServerLog({ mask: (text) => text });
    const { probe } = scriptedProbe(200, 200, undefined, undefined, 200);
    const watch = watchForReload({
      readiness: { url: URL, strict: false },
      log,
      since: 0,
      processes: [],
      anyEnded: () => false,
      exited: never,
      timeoutMs: 60_000,
      clock: virtualClock(),
      probe,
    });
    expect(await watch.outcome).toBe('reloaded');
  });

  it('sees it reloaded once it prints its ready line again after the change', async () => {
    const clock = virtualClock();
    const log = new ServerLog({ mask: (text) => text });
    log.write('listening on 3000\n');
    const { probe } = scriptedProbe(200);
    const watch = watchForReload({
      readiness: { url: URL, strict: false, log: 'listening on' },
      log,
      since: log.mark,
      processes: [],
      anyEnded: () => false,
      exited: never,
      timeoutMs: 60_000,
      clock,
      probe,
    });
    await clock.sleep(0);
    log.write('Restarting app.js\nlistening on 3000\n');
    expect(await watch.outcome).toBe('reloaded');
  });

  it('gives up at the time-out when nothing shows a reload (an answer all along is no reload)', async () => {
    const clock = virtualClock();
    const log = new ServerLog({ mask: (text) => text });
    const { probe } = scriptedProbe(200);
    const watch = watchForReload({
      readiness: { url: URL, strict: false },
      log,
      since: 0,
      processes: [entry],
      anyEnded: () => false,
      exited: never,
      timeoutMs: 60_000,
      clock,
      probe,
    });
    expect(await watch.outcome).toBe('timeout');
    expect(clock.time).toBeGreaterThanOrEqual(60_000);
  });

  it('ends when cancelled (a newer change) or when the server exits', async () => {
    const log = new ServerLog({ mask: (text) => text });
    const { probe } = scriptedProbe(200);
    const cancelled = watchForReload({
      readiness: { url: URL, strict: false },
      log,
      since: 0,
      processes: [],
      anyEnded: () => false,
      exited: never,
      timeoutMs: 60_000,
      clock: virtualClock(),
      probe,
    });
    cancelled.cancel();
    expect(await cancelled.outcome).toBe('cancelled');
    const exited = watchForReload({
      readiness: { url: URL, strict: false },
      log,
      since: 0,
      processes: [],
      anyEnded: () => false,
      exited: Promise.resolve(),
      timeoutMs: 60_000,
      clock: virtualClock(),
      probe,
    });
    expect(await exited.outcome).toBe('exited');
  });
});
