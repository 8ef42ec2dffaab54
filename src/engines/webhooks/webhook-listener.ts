import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { delay } from '../../delay.js';
import { captureRequest, type CapturedRequest, readBody } from './captured-request.js';

export interface ListenOptions {
  /** 0 or absent: a free port chosen by the system. */
  port?: number;
  /** Default 127.0.0.1: only this machine can reach it. */
  host?: string;
  /** Only requests to this path are recorded (others get 404); absent: every path. */
  path?: string;
}

/** The most requests one listener keeps; older ones are dropped first. */
export const MAX_KEPT_REQUESTS = 200;

/** One HTTP server that records the requests sent to it, kept after it stops. */
export class WebhookListener {
  readonly requests: CapturedRequest[];
  /** Requests dropped because more than MAX_KEPT_REQUESTS arrived. */
  dropped = 0;
  /** Requests to other paths than `path`: answered 404, not recorded. */
  readonly ignored = { count: 0, lastPath: '' };
  readonly startedAt = new Date();
  private server: http.Server | undefined;
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly host: string,
    readonly port: number,
    readonly path: string | undefined,
    server: http.Server,
    earlier: readonly CapturedRequest[],
  ) {
    this.server = server;
    this.requests = [...earlier];
  }

  /** `earlier`: what a stopped listener on the same port captured, kept with the new one's. */
  static async listen(options: ListenOptions, earlier: readonly CapturedRequest[] = []): Promise<WebhookListener> {
    const host = options.host ?? '127.0.0.1';
    const server = http.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const { port } = server.address() as AddressInfo;
    const listener = new WebhookListener(host, port, options.path && normalizePath(options.path), server, earlier);
    server.on('request', (req, res) => void listener.handle(req, res).catch(() => res.destroy()));
    return listener;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  get url(): string {
    const host = this.host.includes(':') ? `[${this.host}]` : this.host;
    return `http://${host}:${this.port}${this.path ?? '/'}`;
  }

  /** Resolves when at least one request has been recorded, the time is up, or the listener stops. */
  async waitForRequest(timeoutMs: number, signal: AbortSignal): Promise<void> {
    if (this.requests.length > 0 || !this.running || timeoutMs <= 0) return;
    const waiting = new AbortController();
    const wake = () => waiting.abort();
    this.waiters.add(wake);
    try {
      await delay(timeoutMs, AbortSignal.any([signal, waiting.signal]));
    } catch (error) {
      signal.throwIfAborted();
      if (!waiting.signal.aborted) throw error;
    } finally {
      this.waiters.delete(wake);
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.wakeWaiters();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const receivedAt = new Date();
    const url = new URL(req.url ?? '/', 'http://listener');
    const body = await readBody(req).catch(() => undefined);
    if (body === undefined) return void res.destroy();
    const answer = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (this.path && normalizePath(url.pathname) !== this.path) {
      this.ignored.count += 1;
      this.ignored.lastPath = url.pathname;
      return answer(404, { error: `nothing listens at ${url.pathname}; the webhook listener is at ${this.path}` });
    }
    this.requests.push(captureRequest(req, url, body, receivedAt));
    if (this.requests.length > MAX_KEPT_REQUESTS) {
      this.requests.shift();
      this.dropped += 1;
    }
    answer(200, { received: true });
    this.wakeWaiters();
  }

  private wakeWaiters(): void {
    for (const wake of this.waiters) wake();
  }
}

/** `/hooks/github/` and `hooks/github` are the same path. */
export function normalizePath(path: string): string {
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}
