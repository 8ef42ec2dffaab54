import type { ServerResponse } from 'node:http';
import { sendError } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireCaller } from '../authenticate.js';
import type { ShopContext } from '../shop-context.js';
import { ATTACHMENTS_DIR, DOCUMENTS_DIR, readInFolder, readResolved } from '../virtual-files.js';

/**
 * Files by name. Vulnerable: GET /files/{name} and GET /downloads?file= resolve the name against
 * the documents folder, so `../` (and an absolute path) leave it. Both modes: attachments take
 * plain file names only; the secure twin does that for every file route.
 */
export function fileRoutes(ctx: ShopContext): Route[] {
  const sendFile = (res: ServerResponse, folder: string, name: string | null | undefined, resolves: boolean) => {
    if (!name) return sendError(res, 400, 'name a file');
    const content = resolves && !ctx.secure ? readResolved(folder, name) : readInFolder(folder, name);
    if (content === 'refused') return sendError(res, 400, 'name a file of the folder, not a path');
    if (content === undefined) return sendError(res, 404, 'no such file');
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(content);
  };
  return [
    {
      method: 'GET',
      path: '/files/{name}',
      handle(req, res, params) {
        if (requireCaller(req, res, ctx)) sendFile(res, DOCUMENTS_DIR, params.name, true);
      },
    },
    {
      method: 'GET',
      path: '/downloads',
      handle(req, res, _params, url) {
        if (requireCaller(req, res, ctx)) sendFile(res, DOCUMENTS_DIR, url.searchParams.get('file'), true);
      },
    },
    {
      method: 'GET',
      path: '/attachments/{name}',
      handle(req, res, params) {
        if (requireCaller(req, res, ctx)) sendFile(res, ATTACHMENTS_DIR, params.name, false);
      },
    },
  ];
}
