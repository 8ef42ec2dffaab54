import type { LoadMetrics } from './load-metrics.js';
import { ConnectionSlots } from './connection-slots.js';
import { type PreparedRequest, prepareForLoad, weightedPicker } from './prepared-request.js';
import type { PerfScenario } from './perf-scenario.js';
import { sendOne } from './send-one.js';
import { transportErrorKind } from './transport-error.js';

/** What the load models need of a sender: a test drives them with one of its own. */
export type RequestSender = Pick<LoadSender, 'startedAt' | 'stopped' | 'elapsedMs' | 'send'>;

/**
 * Sends the scenario's requests over keep-alive connections (`connections` to each origin) and records each
 * outcome. A request's latency runs from when it was due (open model) or sent (closed model) to
 * the end of its body. Once `stop` aborts, nothing more is recorded.
 */
export class LoadSender {
  private readonly connections = new Map<string, ConnectionSlots>();
  private readonly pick: () => PreparedRequest & { slots: ConnectionSlots };
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
    stop.addEventListener(
      'abort',
      () => {
        this.stoppedAt ??= performance.now();
        void this.close();
      },
      { once: true },
    );
    this.pipelined = scenario.pipelining > 1;
    const slotsFor = (origin: string): ConnectionSlots => {
      let slots = this.connections.get(origin);
      if (!slots) {
        slots = new ConnectionSlots(origin, scenario.connections, scenario.pipelining, scenario.timeoutMs);
        this.connections.set(origin, slots);
      }
      return slots;
    };
    const prepared = scenario.requests.map((request) => {
      const ready = prepareForLoad(request);
      return { ...ready, weight: request.weight, slots: slotsFor(ready.origin) };
    });
    this.pick = weightedPicker(prepared);
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
    const slot = request.slots.take();
    const sentAt = performance.now();
    try {
      const answer = await sendOne(request.slots.client(slot), request, this.scenario.timeoutMs, this.pipelined);
      if (this.stopped) return;
      const end = performance.now();
      this.metrics.response(answer.status, (end - (dueAt ?? sentAt)) * 1000, this.at(end), request.bytes, answer.bytesReceived);
    } catch (error) {
      if (!this.stopped) this.metrics.transportError(transportErrorKind(error), this.at(performance.now()), request.bytes);
    } finally {
      request.slots.release(slot);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.connections.values()].map((slots) => slots.close()));
  }

  private at(time: number): number {
    const ms = time - this.startedAt;
    return this.plannedMs === undefined ? ms : Math.min(ms, this.plannedMs - 1);
  }
}
