import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { convertSpec } from '../../src/engines/spec/convert-spec.js';
import { ingestSpec } from '../../src/engines/spec/ingest-spec.js';
import type { FalconSpec } from '../../src/engines/spec/spec-format.js';
import { closeServer, listenOnLoopback } from './loopback-server.js';
import type { TempProject } from '../tools/temp-project.js';
import { SPEC_FIXTURES, projectWithSpecs } from '../engines/spec/spec-project.js';

const SPEC_FILE = 'repeat-api-3.0.yaml';

/** The spec of this API (test/fixtures/specs/repeat-api-3.0.yaml), converted. */
export function repeatApiSpec(): Promise<FalconSpec> {
  return convertSpec(SPEC_FILE, SPEC_FIXTURES, new AbortController().signal);
}

/** A temp project with the spec of this API ingested into .falcon/spec.yaml. */
export async function projectWithRepeatApiSpec(): Promise<TempProject> {
  const project = await projectWithSpecs(SPEC_FILE);
  await ingestSpec(`specs/${SPEC_FILE}`, { projectRoot: project.root, signal: new AbortController().signal });
  return project;
}

export interface Item {
  id: number;
  name: string;
  color?: string;
}

export interface RepeatApi {
  url: string;
  /** The stored items by id: change them to make a later answer differ. */
  items: Map<number, Item>;
  /** Requests received, as `METHOD /path?query`. */
  received: string[];
  close(): Promise<void>;
}

/**
 * A real API for repeated requests. Well-behaved: GET /items, GET/PUT/DELETE /items/{id} (a PUT
 * answers a fresh `updatedAt`; a DELETE answers 204, then 404), GET /clock (a fresh `servedAt` and
 * `requestId` each time), GET /orders/{id}. Not idempotent: GET /counter counts its reads; DELETE /carts/{id} answers
 * 204, then 500.
 */
export async function startRepeatApi(): Promise<RepeatApi> {
  const items = new Map<number, Item>([
    [1, { id: 1, name: 'pen' }],
    [2, { id: 2, name: 'cup' }],
  ]);
  const received: string[] = [];
  let reads = 0;
  let ticks = 0;
  const deletedCarts = new Set<string>();
  const server = createServer((request, response) => {
    void handle(request, response);
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    received.push(`${request.method} ${url.pathname}${url.search}`);
    const body = await readBody(request);
    const route = `${request.method} ${url.pathname}`;
    const itemId = /^\/items\/(\d+)$/.exec(url.pathname)?.[1];
    const cartId = /^\/carts\/([^/]+)$/.exec(url.pathname)?.[1];
    if (route === 'GET /items') return json(response, 200, [...items.values()].slice(0, Number(url.searchParams.get('limit') ?? 10)));
    if (route === 'POST /items') {
      const item = { id: items.size + 1, name: String((JSON.parse(body || '{}') as { name?: unknown }).name) };
      items.set(item.id, item);
      return json(response, 201, item);
    }
    if (route === 'GET /clock') {
      ticks++;
      return json(response, 200, { zone: 'UTC', servedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, ticks)).toISOString(), requestId: `req-${ticks}` });
    }
    if (route === 'GET /counter') return json(response, 200, { count: ++reads });
    const orderId = /^\/orders\/([^/]+)$/.exec(url.pathname)?.[1];
    if (request.method === 'GET' && orderId !== undefined) return json(response, 200, { id: decodeURIComponent(orderId) });
    if (itemId !== undefined) {
      const id = Number(itemId);
      if (request.method === 'GET') return items.has(id) ? json(response, 200, items.get(id)) : json(response, 404, { error: 'no such item' });
      if (request.method === 'PUT') {
        items.set(id, { id, name: String((JSON.parse(body || '{}') as { name?: unknown }).name) });
        ticks++;
        return json(response, 200, { ...items.get(id), updatedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, ticks)).toISOString() });
      }
      if (request.method === 'DELETE') {
        if (!items.delete(id)) return json(response, 404, { error: 'no such item' });
        response.writeHead(204).end();
        return;
      }
    }
    if (cartId !== undefined && request.method === 'DELETE') {
      if (deletedCarts.has(cartId)) return json(response, 500, { error: 'cart store corrupted' });
      deletedCarts.add(cartId);
      response.writeHead(204).end();
      return;
    }
    json(response, 404, { error: `no route ${route}` });
  }
  const url = await listenOnLoopback(server);
  return { url, items, received, close: () => closeServer(server) };
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
