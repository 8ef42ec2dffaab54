import type { ServerResponse } from 'node:http';
import { readJsonBody, sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import { idOf, type PeerValidators } from './validators.js';

interface Text {
  id: number;
  text: string;
}

interface ResourceOptions {
  /** `/memos`; items at `/memos/{id}`. */
  collection: string;
  /** With a DELETE of an item. */
  deletes: boolean;
  /** delete_effective: the DELETE answers 204 and keeps the item. */
  deleteKeeps?: boolean;
  /** ensure_resource_availability: the create answers with an id no item has. */
  answersWrongId?: boolean;
}

/** A collection of texts: POST creates (201), GET reads (404 when absent), DELETE removes (204); invalid input gets a 400. */
export function resourceRoutes(validators: PeerValidators, options: ResourceOptions): Route[] {
  const items = new Map<number, Text>();
  let nextId = 1;
  const item = `${options.collection}/{id}`;
  const found = (res: ServerResponse, raw: string | undefined): Text | undefined => {
    const id = idOf(raw);
    if (id === undefined) return void sendError(res, 400, `the id must be an integer of at least 1, not ${JSON.stringify(raw)}`);
    const text = items.get(id);
    if (!text) sendError(res, 404, `no ${options.collection.slice(1, -1)} ${id}`);
    return text;
  };
  const routes: Route[] = [
    {
      method: 'POST',
      path: options.collection,
      async handle(req, res) {
        const body = await readJsonBody(req);
        if (!body.ok || !validators.newText(body.value)) return sendError(res, 400, 'the body does not follow NewText');
        const created: Text = { id: nextId++, text: (body.value as { text: string }).text };
        items.set(created.id, created);
        sendJson(res, 201, options.answersWrongId ? { ...created, id: created.id + 1000 } : created);
      },
    },
    {
      method: 'GET',
      path: item,
      handle(_req, res, params) {
        const text = found(res, params.id);
        if (text) sendJson(res, 200, text);
      },
    },
  ];
  if (options.deletes) {
    routes.push({
      method: 'DELETE',
      path: item,
      handle(_req, res, params) {
        const text = found(res, params.id);
        if (!text) return;
        if (!options.deleteKeeps) items.delete(text.id);
        res.writeHead(204).end();
      },
    });
  }
  return routes;
}
