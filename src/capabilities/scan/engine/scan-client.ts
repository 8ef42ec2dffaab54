import { HttpRequestError } from '../../../engines/http/http-request-error.js';
import { sendRequest } from '../../../engines/http/send-request.js';
import { caseRequestParts } from '../../../engines/testing/run/case-http-request.js';
import type { Identity } from './identity.js';
import { RequestGate } from './request-gate.js';
import { ScanPace } from './scan-pace.js';
import type { ScanExchange, ScanRequest } from './scan-exchange.js';

/** The scan cannot send more: its request budget is spent, or it was stopped. */
export class ScanStopped extends Error {
  override name = 'ScanStopped';
}

/** The running check has sent its share of the budget: it stops, the scan goes on with the next. */
export class CheckBudgetSpent extends Error {
  override name = 'CheckBudgetSpent';
}

/** A check tried a DELETE without --allow-destructive: a bug in the check, refused before sending. */
export class DestructiveRequestError extends Error {
  override name = 'DestructiveRequestError';
}

export interface ScanClientOptions {
  baseUrl: string;
  /** `-H` headers, placeholders resolved: on every request. */
  headers: Record<string, string>;
  /** Requests per second to one operation (method and path template) at most, bursts aside. */
  rate: number;
  /** Requests per second to the whole API at most, bursts aside. */
  maxRate: number;
  /** Requests in all, bursts included. */
  maxRequests: number;
  timeoutMs: number;
  allowDestructive: boolean;
  signal: AbortSignal;
  /** Every answer, as it arrives: the passive rules read it. */
  onExchange?(request: ScanRequest, exchange: ScanExchange, identity: Identity | undefined): void;
}

/**
 * Sends the scan's requests: to the target only (a path joined to the base URL), each operation
 * paced to the rate and the whole API to the maximum rate (so checks may probe several operations at
 * once, each as gently as one at a time), counted against the budget, never DELETE unless allowed. A request with no answer throws
 * HttpRequestError (the check decides what that means: a timeout is evidence for no one).
 */
export class ScanClient {
  private sent = 0;
  private readonly pace: ScanPace;
  private checkSent = 0;
  private checkLimit = Number.POSITIVE_INFINITY;
  private readonly gate = new RequestGate();

  constructor(private readonly options: ScanClientOptions) {
    this.pace = new ScanPace(options.rate, options.maxRate);
  }

  get budget(): number {
    return this.options.maxRequests;
  }

  get requestsSent(): number {
    return this.sent;
  }

  /** A check starts: it may send `limit` requests, so that one check cannot spend what the others need. */
  startCheck(limit: number): void {
    this.checkSent = 0;
    this.checkLimit = limit;
  }

  send(request: ScanRequest, identity?: Identity): Promise<ScanExchange> {
    return this.gate.through(async () => {
      // Paced first, so a request the wait ends with a stop is never counted as sent.
      await this.waitForSlot(request);
      this.take(1, request);
      return this.exchange(request, identity);
    });
  }

  /**
   * A request the scan owes the API rather than one that probes it — reading an object before a
   * write, setting it back, deleting what the scan made: paced and counted, but outside the budget
   * and the check's share, so that a spent budget never leaves a change behind; and past the gate,
   * so that a write made in a timing proof never waits for a read held back until the proof ends.
   */
  async sendOwed(request: ScanRequest, identity?: Identity): Promise<ScanExchange> {
    await this.waitForSlot(request);
    this.refuseDestructive(request);
    this.sent += 1;
    return this.exchange(request, identity);
  }

  burst(requests: readonly ScanRequest[], identity?: Identity): Promise<ScanExchange[]> {
    for (const request of requests) this.refuseDestructive(request);
    if (requests.length === 0) return Promise.resolve([]);
    return this.gate.through(async () => {
      await this.waitForSlot(requests[0]!);
      this.take(requests.length);
      return Promise.all(requests.map((request) => this.exchange(request, identity)));
    });
  }

  /** Runs `work` with no other request of the scan in flight: a timing proof. */
  alone<T>(work: () => Promise<T>): Promise<T> {
    return this.gate.alone(work);
  }

  private take(count: number, request?: ScanRequest): void {
    if (this.options.signal.aborted) throw new ScanStopped('the scan was stopped');
    if (request) this.refuseDestructive(request);
    if (this.sent + count > this.options.maxRequests) throw new ScanStopped(`the request budget (${this.options.maxRequests}) is spent`);
    if (this.checkSent + count > this.checkLimit) throw new CheckBudgetSpent(`its share of the request budget (${this.checkLimit}) is spent`);
    this.sent += count;
    this.checkSent += count;
  }

  private refuseDestructive(request: ScanRequest): void {
    if (request.method.toUpperCase() === 'DELETE' && !this.options.allowDestructive) {
      throw new DestructiveRequestError(`DELETE ${request.path} needs --allow-destructive`);
    }
  }

  /** Takes the request's slot (ScanPace) and waits for it. */
  private async waitForSlot(request: ScanRequest): Promise<void> {
    const now = performance.now();
    const slot = this.pace.take(`${request.method.toUpperCase()} ${request.path}`, now);
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    if (this.options.signal.aborted) throw new ScanStopped('the scan was stopped');
  }

  private async exchange(request: ScanRequest, identity: Identity | undefined): Promise<ScanExchange> {
    const headers = { ...this.options.headers, ...identity?.headers };
    const parts = caseRequestParts(request, this.options.baseUrl, headers);
    const response = await sendRequest({ ...parts, timeoutMs: request.timeoutMs ?? this.options.timeoutMs, signal: this.options.signal }).catch(
      (error: unknown) => {
        if (this.options.signal.aborted) throw new ScanStopped('the scan was stopped');
        throw error instanceof HttpRequestError ? error : new HttpRequestError(String(error), 'network');
      },
    );
    const exchange: ScanExchange = {
      request: {
        method: response.request.method,
        url: response.request.url,
        headers: response.request.headers,
        ...(response.request.body !== undefined && { body: response.request.body }),
      },
      response: { status: response.status, headers: response.headers, body: response.body, durationMs: response.durationMs },
    };
    this.options.onExchange?.(request, exchange, identity);
    return exchange;
  }
}
