import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** A loopback API with the shapes http_request must handle. */
export async function startTestServer(): Promise<TestServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on which nothing listens: taken from a server that was just closed. */
export async function unusedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function route(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
  const json = (status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(value));
  };
  switch (req.url) {
    case '/users/1':
      return json(200, { id: 1, name: 'Ada' }, { 'set-cookie': ['session=s3cr3t; Path=/; HttpOnly', 'theme=dark'], 'x-powered-by': 'test' });
    case '/echo':
      return json(200, { method: req.method, contentType: req.headers['content-type'] ?? null, body });
    case '/large':
      return json(
        200,
        Array.from({ length: 800 }, (_, i) => ({ id: i, name: `user number ${i}` })),
      );
    case '/text':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('plain words');
    case '/html-error':
      res.writeHead(500, { 'content-type': 'text/html' });
      return void res.end('<h1>Internal Server Error</h1>');
    case '/created':
      res.writeHead(302, { location: '/users/1', 'retry-after': '5' });
      return void res.end();
    case '/image':
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]));
    case '/gzip':
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return void res.end(gzipSync(JSON.stringify({ compressed: true })));
    case '/slow':
      return; // never answers
    default:
      return json(404, { error: 'not found', path: req.url });
  }
}
