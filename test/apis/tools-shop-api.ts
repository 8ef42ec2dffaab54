import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ToolsShopApi {
  url: string;
  /** Every request, in the order it arrived. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

interface Item {
  id: number;
  name: string;
  price: number;
}

/**
 * The API that test/fixtures/specs/tools-shop.yaml describes, conforming everywhere except the
 * planted defect: GET /stats answers 500.
 */
export async function startToolsShopApi(): Promise<ToolsShopApi> {
  const items = new Map<number, Item>([[1, { id: 1, name: 'Kettle', price: 30 }]]);
  let nextId = 2;
  const received: ReceivedRequest[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      route(request, body, response);
    });
  });

  function route(request: IncomingMessage, body: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const invalid = (why: string) => json(400, { error: why });

    if (url.pathname === '/health' && method === 'GET') return json(200, { status: 'ok' });
    if (url.pathname === '/stats' && method === 'GET') return json(500, { error: 'stats table is locked' });
    if (url.pathname === '/items' && method === 'GET') {
      const limit = url.searchParams.get('limit');
      if (limit !== null && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 50)) return invalid('limit must be 1 to 50');
      return json(200, [...items.values()].slice(0, limit === null ? undefined : Number(limit)));
    }
    if (url.pathname === '/items' && method === 'POST') {
      const problem = newItemProblem(request.headers['content-type'], body);
      if (problem) return invalid(problem);
      const { name, price } = JSON.parse(body) as { name: string; price: number };
      const item = { id: nextId++, name, price };
      items.set(item.id, item);
      return json(201, item);
    }
    const itemPath = /^\/items\/([^/]+)$/.exec(url.pathname);
    if (itemPath && (method === 'GET' || method === 'DELETE')) {
      const raw = decodeURIComponent(itemPath[1] ?? '');
      if (!/^[1-9]\d{0,8}$/.test(raw)) return invalid('itemId must be a positive integer');
      const item = items.get(Number(raw));
      if (!item) return json(404, { error: `no item ${raw}` });
      if (method === 'GET') return json(200, item);
      items.delete(item.id);
      response.writeHead(204).end();
      return;
    }
    return json(404, { error: `no route ${method} ${url.pathname}` });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function newItemProblem(contentType: string | undefined, body: string): string | undefined {
  if (!contentType?.startsWith('application/json')) return 'the body must be JSON';
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'the body is not valid JSON';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'the body must be an object';
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => key !== 'name' && key !== 'price');
  if (unknown.length > 0) return `unknown fields: ${unknown.join(', ')}`;
  if (typeof fields.name !== 'string' || fields.name.length < 1 || fields.name.length > 40) return 'name must be 1 to 40 characters';
  if (typeof fields.price !== 'number' || fields.price < 0 || fields.price > 10000) return 'price must be a number from 0 to 10000';
  return undefined;
}
