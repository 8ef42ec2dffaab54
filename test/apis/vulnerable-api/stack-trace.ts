import type { ServerResponse } from 'node:http';
import { sendJson } from '../nonconforming-api/json-exchange.js';

/**
 * Answers 500 the way an Express app left in development mode does: the error and its stack,
 * source paths and all. The frames are those of the shop's own (imaginary) deployment.
 */
export function sendStackTrace(res: ServerResponse, error: string, frames: string[]): void {
  const stack = [
    error,
    ...frames.map((frame) => `    at ${frame}`),
    '    at Layer.handle [as handle_request] (/srv/shop/node_modules/express/lib/router/layer.js:95:5)',
    '    at next (/srv/shop/node_modules/express/lib/router/route.js:149:13)',
  ].join('\n');
  sendJson(res, 500, { error, stack });
}
