import { type ListenOptions, WebhookListener } from './webhook-listener.js';

/** A listener that cannot be started, found or stopped as asked, with a message a person can act on. */
export class WebhookListenerError extends Error {
  override name = 'WebhookListenerError';
}

/**
 * The webhook listeners of one session, by port. Stopped listeners stay, with what they captured,
 * until `dispose()` — which the session's owner must call when the session ends.
 */
export class WebhookListeners {
  private readonly byPort = new Map<number, WebhookListener>();

  async start(options: ListenOptions): Promise<WebhookListener> {
    const previous = options.port ? this.byPort.get(options.port) : undefined;
    if (previous?.running) {
      throw new WebhookListenerError(`a webhook listener is already running on port ${previous.port} (${previous.url})`);
    }
    const listener = await WebhookListener.listen(options, previous?.requests).catch((error: unknown) => {
      throw new WebhookListenerError(describeListenError(error, options));
    });
    this.byPort.set(listener.port, listener);
    return listener;
  }

  /**
   * The listener on `port`; without a port, the only running one (or the only one there is).
   * Several candidates, or none, is an error that says what to do.
   */
  find(port?: number): WebhookListener {
    if (port !== undefined) {
      const listener = this.byPort.get(port);
      if (!listener) throw new WebhookListenerError(`no webhook listener on port ${port}${this.describeKnown()}`);
      return listener;
    }
    const all = [...this.byPort.values()];
    if (all.length === 0) throw new WebhookListenerError('no webhook listener has been started in this session: start one first');
    const running = all.filter((listener) => listener.running);
    const candidates = running.length > 0 ? running : all;
    if (candidates.length === 1) return candidates[0]!;
    throw new WebhookListenerError(`several webhook listeners${this.describeKnown()}: give the port`);
  }

  list(): WebhookListener[] {
    return [...this.byPort.values()];
  }

  /** Stops every listener; the session is over. */
  async dispose(): Promise<void> {
    await Promise.all([...this.byPort.values()].map((listener) => listener.stop()));
    this.byPort.clear();
  }

  private describeKnown(): string {
    const known = [...this.byPort.values()].map((listener) => `${listener.port}${listener.running ? '' : ' (stopped)'}`);
    return known.length > 0 ? ` (ports: ${known.join(', ')})` : '';
  }
}

function describeListenError(error: unknown, options: ListenOptions): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const where = `${options.host ?? '127.0.0.1'}:${options.port ?? 0}`;
  if (code === 'EADDRINUSE') return `port ${options.port} is already in use by another program: pick another port, or 0 for a free one`;
  if (code === 'EACCES') return `not allowed to listen on port ${options.port}: ports below 1024 need privileges; pick a port above 1024, or 0`;
  if (code === 'EADDRNOTAVAIL') return `cannot listen on ${where}: that address is not on this machine`;
  return `cannot listen on ${where}: ${(error as Error)?.message ?? String(error)}`;
}
