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

// What holds of a run by count, over a real network. The runs a clock ends (a duration, stages, the
// open model's schedule) take the seconds they plan: test/e2e/load-in-real-time.test.ts; their
// timing on a fake clock is load-schedule.test.ts's part.
describe('runLoad, closed model', () => {
  it('sends exactly --requests N, and counts every one the server received', async () => {
    server = await startCountingServer();
    const { scenario, thresholds } = plan(`${server.url}/items`, { requests: 139, connections: 7 });
    const result = await runLoad(scenario, thresholds);
    expect(server.received).toHaveLength(139);
    expect(result.requests).toMatchObject({ total: 139, ok: 139, failed: 0, by_status: { '200': 139 }, late: 0 });
    expect(result.model).toBe('closed');
    expect(result.bytes.received).toBe(139 * 'ok'.length);
  });

  it('measures every answer, no shorter than the server took', async () => {
    // Every tenth request waits 120 ms, the others 20 ms; a busy machine only adds to that.
    server = await startCountingServer((_request, response, index) => setTimeout(() => response.end('ok'), index % 10 === 9 ? 120 : 20));
    const { scenario, thresholds } = plan(`${server.url}/`, { requests: 100, connections: 10 });
    const result = await runLoad(scenario, thresholds);
    expect(result.latency_ms.min).toBeGreaterThanOrEqual(19);
    expect(result.latency_ms.p50).toBeGreaterThanOrEqual(19);
    expect(result.latency_ms.p95).toBeGreaterThanOrEqual(119);
    expect(result.latency_ms.max).toBeGreaterThanOrEqual(119);
    expect(result.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(100);
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
    const { scenario, thresholds } = plan(`${server.url}/`, { requests: 3, connections: 3, timeout: '100ms' });
    // The server never answers: only the timeout ends these requests.
    const result = await runLoad(scenario, thresholds);
    expect(result.requests).toMatchObject({ total: 3, ok: 0, failed: 3, errors: { timeout: 3, refused: 0, reset: 0, other: 0 } });
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
