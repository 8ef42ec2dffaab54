import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TargetUnreachableError } from '../../../src/engines/http/target-unreachable-error.js';
import { perfSummaryLines } from '../../../src/engines/perf/report/perf-summary.js';
import { parseThreshold } from '../../../src/engines/perf/thresholds.js';
import { runWebSocketLoad } from '../../../src/engines/perf/websocket-load.js';
import { type PricesServer, startPricesServer } from '../../apis/prices-websocket/prices-server.js';

let server: PricesServer;
beforeAll(async () => {
  server = await startPricesServer();
});
afterAll(() => server.close());

const load = (overrides: Partial<Parameters<typeof runWebSocketLoad>[0]>) =>
  runWebSocketLoad({
    url: `${server.url}/echo`,
    connections: 3,
    durationMs: 60_000,
    messages: 30,
    message: { ping: true },
    timeoutMs: 10_000,
    thresholds: [],
    signal: new AbortController().signal,
    ...overrides,
  });

describe('runWebSocketLoad', () => {
  it('holds the connections, times each message to the reply carrying its id, and judges the thresholds', async () => {
    const result = await load({ thresholds: [parseThreshold('error_rate<0.01'), parseThreshold('p99<60000')] });
    expect(result).toMatchObject({
      protocol: 'websocket',
      model: 'closed',
      load: { connections: 3, workers: 1 },
      requests: { total: 30, ok: 30, failed: 0, by_status: { '101': 30 } },
      thresholds: [
        { expr: 'error_rate<0.01', ok: true, actual: 0 },
        { expr: 'p99<60000', ok: true },
      ],
    });
    expect(result.latency_ms.max).toBeGreaterThanOrEqual(result.latency_ms.p50);
    expect(result.bytes.sent).toBe(result.bytes.received); // an echo
    const lines = perfSummaryLines(result);
    expect(lines[0]).toMatch(new RegExp(`^${server.url}/echo — WebSocket, closed model, 3 connections`));
    expect(lines[1]).toBe('  messages    30 · 30 answered · 0 failed');
    expect(lines[3]).toMatch(
      /^ {2}latency ms {2}min [\d.]+ · mean [\d.]+ · p50 [\d.]+ · p90 [\d.]+ · p95 [\d.]+ · p99 [\d.]+ · p99\.9 [\d.]+ · max [\d.]+ \(message to its reply\)$/,
    );
  });

  it('counts a message with no reply within the timeout as a timeout', async () => {
    const result = await load({ url: `${server.url}/silent`, connections: 1, messages: 2, timeoutMs: 1 });
    expect(result.requests).toMatchObject({ total: 2, ok: 0, failed: 2, errors: { timeout: 2 } });
  });

  it('is unreachable when the first connection is refused, saying what the server answered', async () => {
    await expect(load({ url: `${server.url}/prices` })).rejects.toThrow(
      new TargetUnreachableError(`${server.url}/prices: the server answered HTTP 401 Unauthorized instead of switching to WebSocket`),
    );
  });
});
