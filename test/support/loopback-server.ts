import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real API on 127.0.0.1 that a test started, with the OpenAPI document that describes it. */
export interface SpecServer {
  url: string;
  /** Absolute path of the API's spec. */
  specFile: string;
  close(): Promise<void>;
}

/** Listens on a free loopback port; resolves to the base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Stops listening and drops open connections, kept-alive ones included, so nothing lingers. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
