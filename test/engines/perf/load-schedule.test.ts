// The load models' timing on a fake clock: when each request goes out, which ones are late, when
// virtual users stop. The sender is the test's own, its requests taking the (fake) time each test
// gives them, so every figure here is exact on any machine. Sending over a real network is
// run-load.test.ts's part, and for the seconds a run plans test/e2e/load-in-real-time.test.ts's.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runClosedLoad } from '../../../src/engines/perf/closed-load.js';
import type { LoadClock } from '../../../src/engines/perf/load-clock.js';
import type { RequestSender } from '../../../src/engines/perf/load-sender.js';
import { runOpenLoad } from '../../../src/engines/perf/open-load.js';
import type { PerfOptions } from '../../../src/engines/perf/perf-options.js';
import { planScenario } from '../../../src/engines/perf/plan-scenario.js';

/** The run's clock on the test's fake timers: `at` is a plain timer, exact on a fake clock. */
const fakeClock: LoadClock = {
  now: () => performance.now(),
  at(time, then) {
    const timer = setTimeout(then, Math.max(0, time - performance.now()));
    return () => clearTimeout(timer);
  },
};

/** Sends nothing: records when each request went out (ms from the start) and answers after `takesMs(index)` of fake time. */
class ScriptedSender implements RequestSender {
  readonly startedAt = performance.now();
  readonly sent: Array<{ dueMs: number; sentMs: number }> = [];
  stopped = false;

  constructor(private readonly takesMs: (index: number) => number = () => 1) {}

  elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  send(dueAt?: number): Promise<void> {
    const index = this.sent.length;
    this.sent.push({ dueMs: (dueAt ?? performance.now()) - this.startedAt, sentMs: this.elapsedMs() });
    return new Promise((resolve) => setTimeout(resolve, this.takesMs(index)));
  }
}

const scenarioOf = (options: PerfOptions) =>
  planScenario(options, { requests: [{ method: 'GET', url: 'http://127.0.0.1:9/', headers: {}, weight: 1, label: 'GET /' }], target: 'GET /' }).scenario;

/** Runs the open model to its end on the fake clock; how many requests it counted late. */
async function openRun(options: PerfOptions, sender: ScriptedSender, stop = new AbortController().signal): Promise<number> {
  const scenario = scenarioOf(options);
  let late = 0;
  const run = runOpenLoad(scenario, sender, { lateRequest: () => (late += 1) }, scenario.durationMs ?? 0, stop, fakeClock);
  await vi.runAllTimersAsync();
  await run;
  return late;
}

const inSecond = (sent: ScriptedSender['sent'], second: number) => sent.filter(({ dueMs }) => dueMs >= (second - 1) * 1000 && dueMs < second * 1000).length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the open model on a fake clock', () => {
  it('sends each request when it is due, at the rate asked for, none late', async () => {
    const sender = new ScriptedSender();
    expect(await openRun({ rate: 200, duration: '2s' }, sender)).toBe(0);
    expect(sender.sent).toHaveLength(400);
    expect([inSecond(sender.sent, 1), inSecond(sender.sent, 2)]).toEqual([200, 200]);
    expect(sender.sent.every(({ dueMs, sentMs }) => sentMs === dueMs)).toBe(true);
    expect(sender.sent.map(({ dueMs }) => dueMs).slice(0, 3)).toEqual([0, 5, 10]);
  });

  it('ramps the arrival rate along stages', async () => {
    const sender = new ScriptedSender();
    const scenario = scenarioOf({ rate: 100, stages: '1s:300,1s:300' });
    const run = runOpenLoad(scenario, sender, { lateRequest: () => undefined }, 2000, new AbortController().signal, fakeClock);
    await vi.runAllTimersAsync();
    await run;
    // 100 → 300 a second over the first second: 200 arrivals; then 300.
    expect([inSecond(sender.sent, 1), inSecond(sender.sent, 2)]).toEqual([200, 300]);
  });

  it('counts requests still waiting for a connection at the end as late, never sent', async () => {
    // One connection, and the first request takes 1.5 s: the 49 due after it wait until the end.
    const sender = new ScriptedSender((index) => (index === 0 ? 1500 : 1));
    expect(await openRun({ rate: 50, duration: '1s', connections: 1 }, sender)).toBe(49);
    expect(sender.sent).toEqual([{ dueMs: 0, sentMs: 0 }]);
  });

  it('counts as late the requests sent more than 10 ms after they were due, behind a stalled one', async () => {
    // One connection; request 50, due at 500 ms, takes 500 ms. The 49 due meanwhile are sent after
    // it, one each millisecond, as are those due while that queue drains.
    const sender = new ScriptedSender((index) => (index === 50 ? 500 : 1));
    const late = await openRun({ rate: 100, duration: '2s', connections: 1 }, sender);
    expect(sender.sent).toHaveLength(200);
    const sentLate = sender.sent.filter(({ dueMs, sentMs }) => sentMs - dueMs > 10);
    expect(late).toBe(sentLate.length);
    expect(sentLate[0]).toEqual({ dueMs: 510, sentMs: 1000 });
    expect(late).toBeGreaterThan(49);
    expect(sender.sent.slice(-1)).toEqual([{ dueMs: 1990, sentMs: 1990 }]);
  });

  it('sends nothing more once stopped', async () => {
    const sender = new ScriptedSender();
    const stop = new AbortController();
    const scenario = scenarioOf({ rate: 100, duration: '10s' });
    const run = runOpenLoad(scenario, sender, { lateRequest: () => undefined }, 10_000, stop.signal, fakeClock);
    await vi.advanceTimersByTimeAsync(495);
    stop.abort();
    await run;
    await vi.runAllTimersAsync();
    expect(sender.sent).toHaveLength(50);
  });
});

describe('the closed model on a fake clock', () => {
  it('keeps every virtual user busy until the planned end, then stops', async () => {
    const sender = new ScriptedSender(() => 10);
    const scenario = scenarioOf({ duration: '1s', connections: 4 });
    const run = runClosedLoad(scenario, sender, 1000);
    await vi.runAllTimersAsync();
    await run;
    // Four users, each sending a 10 ms request as soon as the last is answered: 100 each.
    expect(sender.sent).toHaveLength(400);
    expect(sender.sent.at(-1)!.sentMs).toBe(990);
  });

  it('sends exactly the requests asked for', async () => {
    const sender = new ScriptedSender(() => 3);
    const run = runClosedLoad(scenarioOf({ requests: 37, connections: 5 }), sender, undefined);
    await vi.runAllTimersAsync();
    await run;
    expect(sender.sent).toHaveLength(37);
  });

  it('ramps users up and down with stages', async () => {
    const sender = new ScriptedSender(() => 10);
    const scenario = scenarioOf({ stages: '1s:8,1s:0' });
    const run = runClosedLoad(scenario, sender, 2000);
    await vi.runAllTimersAsync();
    await run;
    const perSecond = [inSecond(sender.sent, 1), inSecond(sender.sent, 2)];
    // Users rise from 0 to 8 over the first second and fall back over the next: about 4 on average
    // in each, 100 requests a second each.
    for (const count of perSecond) expect(count).toBeGreaterThan(300);
    for (const count of perSecond) expect(count).toBeLessThan(500);
    const usersAt = (ms: number) => sender.sent.filter(({ sentMs }) => sentMs >= ms && sentMs < ms + 10).length;
    expect([usersAt(0), usersAt(500), usersAt(990), usersAt(1500), usersAt(1990)]).toEqual([0, 4, 8, 4, 0]);
  });
});
