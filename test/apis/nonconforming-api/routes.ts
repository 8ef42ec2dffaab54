import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from './json-exchange.js';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>, url: URL) => void | Promise<void>;

export interface Route {
  method: string;
  /** `/items/{itemId}`: each `{name}` matches one path segment. */
  path: string;
  handle: RouteHandler;
}

/** One request handler for a route table: 404 for an unknown path, 405 for a known path's other methods. */
export function routeRequests(routes: Route[]): (req: IncomingMessage, res: ServerResponse) => void {
  const compiled = routes.map((route) => ({ ...route, pattern: pathPattern(route.path) }));
  const dispatch = async (req: IncomingMessage, res: ServerResponse) => {
    const url = URL.parse(req.url ?? '/', 'http://localhost');
    if (!url) return sendError(res, 400, `malformed request target ${req.url}`);
    const matches = compiled.flatMap((route) => {
      const match = route.pattern.exec(url.pathname);
      return match ? [{ route, params: match.groups ?? {} }] : [];
    });
    const found = matches.find(({ route }) => route.method === req.method);
    if (found) return found.route.handle(req, res, decodeAll(found.params), url);
    req.resume();
    if (matches.length > 0) sendError(res, 405, `${req.method} is not allowed on ${url.pathname}`);
    else sendError(res, 404, `no route for ${url.pathname}`);
  };
  return (req, res) => {
    dispatch(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, error instanceof URIError ? 400 : 500, String(error));
    });
  };
}

function pathPattern(path: string): RegExp {
  const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

function decodeAll(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodeURIComponent(value)]));
}
