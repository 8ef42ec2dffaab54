import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts `server` listening (port 0 takes a free one) and resolves with its origin as a URL names it,
 * `http://127.0.0.1:4010` or `http://[::1]:4010`; rejects with the listen error (EADDRINUSE, EADDRNOTAVAIL).
 */
export function listenOn(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolve(`http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
    });
  });
}
