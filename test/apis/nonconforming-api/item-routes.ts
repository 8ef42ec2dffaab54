import type { ServerResponse } from 'node:http';
import { type JsonBody, readJsonBody, sendError, sendJson } from './json-exchange.js';
import type { Route } from './routes.js';
import type { SpecValidators } from './spec-validators.js';

interface Item {
  id: number;
  name: string;
  price: number;
  status: 'available' | 'sold';
  tags: string[];
}

interface NewItem {
  name: string;
  price: number;
  status?: Item['status'];
  tags?: string[];
}

/** A conforming CRUD resource: every invalid input gets a 400, unknown ids a 404. */
export function itemRoutes(validators: SpecValidators): Route[] {
  const items = new Map<number, Item>([[1, { id: 1, name: 'Lamp', price: 19.5, status: 'available', tags: ['home'] }]]);
  let nextId = 2;

  const toItem = (id: number, input: NewItem): Item => ({
    id,
    name: input.name,
    price: input.price,
    status: input.status ?? 'available',
    tags: input.tags ?? [],
  });
  const validBody = (res: ServerResponse, body: JsonBody): NewItem | undefined => {
    if (body.ok && validators.newItem(body.value)) return body.value as NewItem;
    if (!body.ok && body.reason === 'media-type') sendError(res, 415, 'send the item as application/json');
    else sendError(res, 400, body.ok ? 'the item does not follow the NewItem schema' : 'the body is not JSON');
    return undefined;
  };
  const validId = (res: ServerResponse, raw: string | undefined): number | undefined => {
    const id = validators.itemId(raw ?? '');
    if (id === undefined) sendError(res, 400, `itemId must be an integer of at least 1, not ${JSON.stringify(raw)}`);
    return id;
  };
  const found = (res: ServerResponse, id: number): Item | undefined => {
    const item = items.get(id);
    if (!item) sendError(res, 404, `no item ${id}`);
    return item;
  };

  return [
    {
      method: 'GET',
      path: '/items',
      handle(_req, res, _params, url) {
        const given = url.searchParams.getAll('limit');
        const limit = given.length === 0 ? 100 : given.length === 1 ? validators.limit(given[0] ?? '') : undefined;
        if (limit === undefined) return sendError(res, 400, 'limit must be one integer from 1 to 100');
        sendJson(res, 200, [...items.values()].slice(0, limit));
      },
    },
    {
      method: 'POST',
      path: '/items',
      async handle(req, res) {
        const input = validBody(res, await readJsonBody(req));
        if (!input) return;
        const item = toItem(nextId++, input);
        items.set(item.id, item);
        sendJson(res, 201, item, { location: `/items/${item.id}` });
      },
    },
    {
      method: 'GET',
      path: '/items/{itemId}',
      handle(_req, res, params) {
        const id = validId(res, params.itemId);
        const item = id === undefined ? undefined : found(res, id);
        if (item) sendJson(res, 200, item);
      },
    },
    {
      method: 'PUT',
      path: '/items/{itemId}',
      async handle(req, res, params) {
        const body = await readJsonBody(req);
        const id = validId(res, params.itemId);
        const input = id === undefined ? undefined : validBody(res, body);
        if (id === undefined || !input || !found(res, id)) return;
        const item = toItem(id, input);
        items.set(id, item);
        sendJson(res, 200, item);
      },
    },
    {
      method: 'DELETE',
      path: '/items/{itemId}',
      handle(_req, res, params) {
        const id = validId(res, params.itemId);
        if (id === undefined || !found(res, id)) return;
        items.delete(id);
        res.writeHead(204).end();
      },
    },
  ];
}
