// The load runs a clock ends — a duration, stages, the open model's schedule — over a real network,
// for the seconds they plan: what holds of them however busy the machine is. When each request goes
// out and which are late is test/engines/perf/load-schedule.test.ts's part, on a fake clock; runs by
// count are test/engines/perf/run-load.test.ts's.
import { afterEach, describe, expect, it } from 'vitest';
import { planScenario } from '../../src/engines/perf/plan-scenario.js';
import type { PerfOptions } from '../../src/engines/perf/perf-options.js';
import { runLoad } from '../../src/engines/perf/run-load.js';
import { type CountingServer, startCountingServer } from '../apis/counting-server.js';

let server: CountingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function plan(url: string, options: PerfOptions) {
  return planScenario(options, { requests: [{ method: 'GET', url, headers: {}, weight: 1, label: `GET ${url}` }], target: `GET ${url}` });
}

describe('runLoad, closed model, in real time', () => {
  it('over a duration, the requests it reports are the requests the server received', async () => {
    server = await startCountingServer();
    const { scenario, thresholds } = plan(`${server.url}/`, { duration: '1s', connections: 4 });
    const result = await runLoad(scenario, thresholds);
    expect(result.requests.total).toBe(server.received.length);
    expect(result.requests.total).toBeGreaterThan(0);
    expect(result.duration_s).toBeGreaterThanOrEqual(1);
    // Answers that come after the planned second count in it.
    expect(result.timeline.map((entry) => entry.t)).toEqual([1]);
    expect(result.timeline[0]!.rps).toBe(result.requests.total);
  });

  it('runs stages over the network, reporting each second (how users ramp: load-schedule.test.ts)', async () => {
    server = await startCountingServer((_request, response) => setTimeout(() => response.end('ok'), 10));
    const { scenario, thresholds } = plan(`${server.url}/`, { stages: '1s:8,1s:0' });
    const result = await runLoad(scenario, thresholds);
    expect(result.timeline.map((second) => second.t)).toEqual([1, 2]);
    expect(result.timeline.reduce((sum, second) => sum + second.rps, 0)).toBe(result.requests.total);
    expect(result.requests.total).toBe(server.received.length);
  });
});

describe('runLoad, open model, in real time', () => {
  it('sends at most the arrivals planned, each counted; those not sent in time are late', async () => {
    server = await startCountingServer();
    const { scenario, thresholds } = plan(`${server.url}/`, { rate: 200, duration: '2s' });
    const result = await runLoad(scenario, thresholds);
    expect(result.model).toBe('open');
    expect(result.requests.total).toBe(server.received.length);
    expect(result.requests.total).toBeLessThanOrEqual(400);
    expect(result.requests.total + result.requests.late).toBeGreaterThanOrEqual(400);
    expect(result.timeline.map((second) => second.t)).toEqual([1, 2]);
  });

  it('measures from when a request was due: a stalled server shows in the percentiles and as late requests', async () => {
    // Request 50 (half a second in) takes 500 ms; with one connection the ~50 due meanwhile wait.
    server = await startCountingServer((_request, response, index) => setTimeout(() => response.end('ok'), index === 50 ? 500 : 1));
    const { scenario, thresholds } = plan(`${server.url}/`, { rate: 100, duration: '2s', connections: 1 });
    const result = await runLoad(scenario, thresholds);
    expect(result.requests.total + result.requests.late).toBeGreaterThanOrEqual(200);
    expect(result.requests.late).toBeGreaterThanOrEqual(40);
    // Uncorrected, only one response in 200 would be slow and p90 would be about 1 ms.
    expect(result.latency_ms.p90).toBeGreaterThan(200);
    expect(result.latency_ms.max).toBeGreaterThanOrEqual(495); // three significant digits
  });

  it('counts requests still waiting for a connection at the end as late, never sent', async () => {
    server = await startCountingServer((_request, response, index) => setTimeout(() => response.end('ok'), index === 0 ? 1500 : 1));
    const { scenario, thresholds } = plan(`${server.url}/`, { rate: 50, duration: '1s', connections: 1, timeout: '5s' });
    const result = await runLoad(scenario, thresholds);
    expect(server.received).toHaveLength(1);
    expect(result.requests.total).toBe(1);
    // The 49 due behind the first; the first too when the machine was too busy to send it on time.
    expect([49, 50]).toContain(result.requests.late);
  });
});
