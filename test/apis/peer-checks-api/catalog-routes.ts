import { readText, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';

const THINGS = [
  { id: 1, name: 'sprocket' },
  { id: 2, name: 'flange' },
];

/** listGadgets answers GET only (the router refuses other methods with 405); listWidgets, the planted defect, answers every method alike. */
export function catalogRoutes(): Route[] {
  const list = (path: string, method: string): Route => ({
    method,
    path,
    async handle(req, res) {
      await readText(req);
      sendJson(res, 200, THINGS);
    },
  });
  return [list('/gadgets', 'GET'), ...['GET', 'PUT', 'POST', 'DELETE', 'PATCH'].map((method) => list('/widgets', method))];
}
