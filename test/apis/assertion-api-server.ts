import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AssertionApiServer {
  url: string;
  /** Paths of the requests received, in order. */
  paths: string[];
  close(): Promise<void>;
}

// Written by hand so that the numbers keep digits a JS number would lose.
const USER = '{"id": 12345678901234567890, "name": "Ada", "score": 0.1000000000000000055, "email": "ada@example.com"}';
const ITEMS = [
  { id: 1, name: 'pen', price: 1.5, updatedAt: '2025-01-01T00:00:00Z' },
  { id: 2, name: 'book', price: 12, updatedAt: '2025-01-01T00:00:00Z' },
  { id: 3, name: 'lamp', price: 30, updatedAt: '2025-01-01T00:00:00Z' },
];
const ITEM_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: { type: 'object', required: ['id', 'price'], properties: { price: { type: 'number' } } } } },
};

/** A loopback API for the assertion tools: JSON with large numbers, a login with a token and cookie, a schema, a slow route. */
export async function startAssertionApiServer(): Promise<AssertionApiServer> {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    paths.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: string | object, headers: http.OutgoingHttpHeaders = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/users/1':
        return json(200, USER, { 'x-request-id': 'req-42' });
      case '/items': {
        // ?v=2: a later version of the API, items reordered, a timestamp and a price nudged, one name changed.
        if (url.searchParams.get('v') !== '2') return json(200, { items: ITEMS, total: 3 });
        const items = [ITEMS[2], ITEMS[0], ITEMS[1]].map((item) => ({
          ...item,
          updatedAt: '2025-06-01T00:00:00Z',
          price: item?.id === 1 ? 1.501 : item?.price,
        }));
        return json(200, {
          items: url.searchParams.has('renamed') ? items.map((item) => ({ ...item, name: item.name === 'pen' ? 'quill' : item.name })) : items,
          total: 3,
        });
      }
      case '/bad-items':
        return json(200, {
          items: [
            { id: 1, price: 2 },
            { id: 2, price: 5 },
            { id: 3, price: '12' },
          ],
        });
      case '/login':
        return json(
          200,
          { access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlc2lnbg', token_type: 'Bearer', user_id: 7 },
          {
            'set-cookie': 'session=abc123secretvalue; Path=/; HttpOnly',
          },
        );
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end('<h1>Hello</h1>');
      case '/schemas/items.json':
        return json(200, ITEM_SCHEMA, { 'content-type': 'application/schema+json' });
      case '/slow':
        return; // never answers
      default:
        return json(404, { error: 'not found', path: url.pathname });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
