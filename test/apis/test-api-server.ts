import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestApi {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

/** A tiny real API on loopback: GET /users/:id answers JSON, GET /boom fails with a 500. */
export async function startTestApi(): Promise<TestApi> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const user = /^\/users\/(\d+)$/.exec(pathname);
    if (req.method === 'GET' && user) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: Number(user[1]), name: 'Ada Lovelace', email: 'ada@example.com' }));
      return;
    }
    if (pathname === '/boom') {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'TypeError: Cannot read properties of undefined (reading "id")' }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
