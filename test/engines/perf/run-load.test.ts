import { afterEach, describe, expect, it } from 'vitest';
import { planScenario } from '../../../src/engines/perf/plan-scenario.js';
import type { PerfOptions } from '../../../src/engines/perf/perf-options.js';
import { runLoad } from '../../../src/engines/perf/run-load.js';
import { TargetUnreachableError } from '../../../src/engines/http/target-unreachable-error.js';
import { type CountingServer, startCountingServer } from '../../apis/counting-server.js';

let server: CountingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function plan(url: string, options: PerfOptions, method = 'GET') {
  return planScenario(options, { requests: [{ method, url, headers: {}, weight: 1, label: `${method} ${url}` }], target: `${method} ${url}` });
}

describe('runLoad, closed model', () => {
  it('sends exactly --requests N, and counts every one the server received', async () => {
    server = await startCountingServer();
    const { scenario, thresholds } = plan(`${server.url}/items`, { requests: 537, connections: 7 });
    const result = await runLoad(scenario, thresholds);
    expect(server.received).toHaveLength(537);
    expect(result.requests).toMatchObject({ total: 537, ok: 537, failed: 0, by_status: { '200': 537 }, late: 0 });
    expect(result.model).toBe('closed');
    expect(result.bytes.received).toBe(537 * 'ok'.length);
  });

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

  it('measures every answer, no shorter than the server took', async () => {
    // Every tenth request waits 120 ms, the others 20 ms; a busy machine only adds to that.
    server = await startCountingServer((_request, response, index) => setTimeout(() => response.end('ok'), index % 10 === 9 ? 120 : 20));
    const { scenario, thresholds } = plan(`${server.url}/`, { requests: 400, connections: 10 });
    const result = await runLoad(scenario, thresholds);
    expect(result.latency_ms.min).toBeGreaterThanOrEqual(19);
    expect(result.latency_ms.p50).toBeGreaterThanOrEqual(19);
    expect(result.latency_ms.p95).toBeGreaterThanOrEqual(119);
    expect(result.latency_ms.max).toBeGreaterThanOrEqual(119);
    expect(result.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(400);
  });

  it('counts HTTP errors by status and dropped connections as resets', async () => {
    server = await startCountingServer((request, response, index) => {
      if (index % 4 === 1) response.writeHead(503).end('busy');
      else if (index % 4 === 2) request.socket.destroy();
      else response.end('ok');
    });
    const { scenario, thresholds } = plan(`${server.url}/`, { requests: 200, connections: 1, thresholds: ['error_rate<0.1', 'failed<=100'] });
    const result = await runLoad(scenario, thresholds);
    expect(result.requests.total).toBe(200);
    expect(result.requests.by_status['503']).toBe(50);
    expect(result.requests.errors.reset).toBe(50);
    expect(result.requests.failed).toBe(100);
    expect(result.requests.ok).toBe(100);
    expect(result.thresholds).toEqual([
      { expr: 'error_rate<0.1', ok: false, actual: 0.5 },
      { expr: 'failed<=100', ok: true, actual: 100 },
    ]);
  });

  it('counts requests with no answer in time as timeouts', async () => {
    server = await startCountingServer(() => undefined);
    const { scenario, thresholds } = plan(`${server.url}/`, { requests: 3, connections: 3, timeout: '300ms' });
    // The server never answers: only the timeout ends these requests.
    const result = await runLoad(scenario, thresholds);
    expect(result.requests).toMatchObject({ total: 3, ok: 0, failed: 3, errors: { timeout: 3, refused: 0, reset: 0, other: 0 } });
  });

  it('runs stages over the network, reporting each second (how users ramp: load-schedule.test.ts)', async () => {
    server = await startCountingServer((_request, response) => setTimeout(() => response.end('ok'), 10));
    const { scenario, thresholds } = plan(`${server.url}/`, { stages: '1s:8,1s:0' });
    const result = await runLoad(scenario, thresholds);
    expect(result.timeline.map((second) => second.t)).toEqual([1, 2]);
    expect(result.timeline.reduce((sum, second) => sum + second.rps, 0)).toBe(result.requests.total);
    expect(result.requests.total).toBe(server.received.length);
  });

  it('stops at once when aborted, and reports what ran', async () => {
    const controller = new AbortController();
    // Aborted as the 60th request arrives; ten minutes planned, which only the abort can cut short in time.
    server = await startCountingServer((_request, response, index) => {
      if (index === 59) controller.abort();
      setTimeout(() => response.end('ok'), 5);
    });
    const { scenario, thresholds } = plan(`${server.url}/`, { duration: '10m', connections: 2 });
    const result = await runLoad(scenario, thresholds, { signal: controller.signal });
    expect(result.interrupted).toBe(true);
    // Answered before the abort: all but the two in flight at most.
    expect(result.requests.total).toBeGreaterThanOrEqual(58);
    expect(result.requests.total).toBeLessThanOrEqual(server.received.length);
  });

  it('names an unreachable target before sending anything', async () => {
    server = await startCountingServer();
    const url = server.url;
    await server.close();
    server = undefined;
    const { scenario, thresholds } = plan(`${url}/`, { duration: '5s' });
    await expect(runLoad(scenario, thresholds)).rejects.toThrow(TargetUnreachableError);
    await expect(runLoad(scenario, thresholds)).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused/);
  });
});

// When each request goes out and which are late is load-schedule.test.ts's part, on a fake clock:
// here the same runs over a real network, with what holds however busy the machine is.
describe('runLoad, open model', () => {
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
