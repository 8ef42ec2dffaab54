import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real API on 127.0.0.1 that a test started, with the OpenAPI document that describes it. */
export interface SpecServer {
  url: string;
  /** Absolute path of the API's spec. */
  specFile: string;
  close(): Promise<void>;
}

/** What a test API does with a request: it may take its time (read the body, wait) before answering. */
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

/**
 * The listener `createServer` takes, running `handler`: when it fails, the request is answered 500
 * with why (or cut, if the answer had begun), as a broken API would, instead of left hanging.
 */
export function servingWith(handler: RequestHandler): RequestListener {
  return (request, response) => {
    void (async () => {
      try {
        await handler(request, response);
      } catch (error) {
        if (response.headersSent) response.destroy();
        else response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  };
}

/** Listens on a free loopback port (or the one given: a fresh start where an earlier one was); resolves to the base URL. */
export async function listenOnLoopback(server: Server, at = 0): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, '127.0.0.1', () => {
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
