import { Pool } from 'undici';
import type { LoadMetrics } from './load-metrics.js';
import { type PreparedRequest, prepareForLoad, weightedPicker } from './prepared-request.js';
import type { PerfScenario } from './perf-scenario.js';
import { sendOne } from './send-one.js';
import { transportErrorKind } from './transport-error.js';

/**
 * Sends the scenario's requests over keep-alive connection pools (one per origin) and records each
 * outcome. A request's latency runs from when it was due (open model) or sent (closed model) to
 * the end of its body. Once `stop` aborts, nothing more is recorded.
 */
export class LoadSender {
  private readonly pools = new Map<string, Pool>();
  private readonly pick: () => PreparedRequest;
  private readonly pipelined: boolean;
  private stoppedAt: number | undefined;

  constructor(
    private readonly scenario: PerfScenario,
    private readonly metrics: LoadMetrics,
    /** `performance.now()` when the run started. */
    readonly startedAt: number,
    /** Completions after the planned end are counted in its last second. */
    private readonly plannedMs: number | undefined,
    /** Stops recording and drops every connection, requests in flight with them. */
    stop: AbortSignal,
  ) {
    stop.addEventListener('abort', () => {
      this.stoppedAt ??= performance.now();
      void this.close();
    }, { once: true });
    const prepared = scenario.requests.map((request) => ({ ...prepareForLoad(request), weight: request.weight }));
    this.pick = weightedPicker(prepared);
    this.pipelined = scenario.pipelining > 1;
    for (const origin of new Set(prepared.map((request) => request.origin))) {
      this.pools.set(origin, new Pool(origin, { connections: scenario.connections, pipelining: scenario.pipelining, connect: { timeout: scenario.timeoutMs } }));
    }
  }

  get stopped(): boolean {
    return this.stoppedAt !== undefined;
  }

  elapsedMs(): number {
    return (this.stoppedAt ?? performance.now()) - this.startedAt;
  }

  /** Sends one request picked by weight; `dueAt` (a `performance.now()` time) when it was due. */
  async send(dueAt?: number): Promise<void> {
    const request = this.pick();
    const sentAt = performance.now();
    try {
      const answer = await sendOne(this.pools.get(request.origin)!, request, this.scenario.timeoutMs, this.pipelined);
      if (this.stopped) return;
      const end = performance.now();
      this.metrics.response(answer.status, (end - (dueAt ?? sentAt)) * 1000, this.at(end), request.bytes, answer.bytesReceived);
    } catch (error) {
      if (!this.stopped) this.metrics.transportError(transportErrorKind(error), this.at(performance.now()), request.bytes);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.destroy().catch(() => undefined)));
  }

  private at(time: number): number {
    const ms = time - this.startedAt;
    return this.plannedMs === undefined ? ms : Math.min(ms, this.plannedMs - 1);
  }
}
