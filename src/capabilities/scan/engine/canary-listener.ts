import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Falcon's own HTTP listener, on 127.0.0.1 or the address `--canary-host` names (one the target can
 * reach: a container's gateway, this machine's LAN address): each probe gets a URL with a fresh
 * token, and a request for it proves that the server under test fetched the URL it was given (SSRF).
 */
export class CanaryListener {
  private constructor(
    private readonly server: Server,
    private readonly origin: string,
    /** Token → requests for it. */
    private readonly hits: Map<string, number>,
  ) {}

  /** Rejects with the listen error (EADDRNOTAVAIL for an address that is not this machine's). */
  static async start(host = '127.0.0.1'): Promise<CanaryListener> {
    const hits = new Map<string, number>();
    const server = createServer((request, response) => {
      const token = /^\/canary\/([a-f0-9]+)/.exec(request.url ?? '')?.[1];
      if (token) hits.set(token, (hits.get(token) ?? 0) + 1);
      request.resume();
      response.writeHead(200, { 'content-type': 'text/plain' }).end('falcon canary');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, () => resolve());
    });
    const urlHost = host.includes(':') ? `[${host}]` : host;
    return new CanaryListener(server, `http://${urlHost}:${(server.address() as AddressInfo).port}`, hits);
  }

  /** A URL no one else knows: `http://HOST:PORT/canary/<token>`. */
  newProbe(): { token: string; url: string } {
    const token = randomBytes(8).toString('hex');
    return { token, url: `${this.origin}/canary/${token}` };
  }

  /** Waits up to `withinMs` for the probe's URL to be requested. */
  async wasHit(token: string, withinMs = 1500): Promise<boolean> {
    const deadline = Date.now() + withinMs;
    while (!this.hits.has(token)) {
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return true;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
