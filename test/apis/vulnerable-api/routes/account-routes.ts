import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireCaller } from '../authenticate.js';
import { isText } from '../field-checks.js';
import { readJsonObject } from '../json-request.js';
import { isPublicHost } from '../public-host.js';
import type { ShopContext } from '../shop-context.js';
import { accountView, storedRecord, type User } from '../shop-users.js';
import { httpUrl } from '../url-fetch.js';

/** What an update may never touch, even in the vulnerable API: the ORM keys records by them. */
const KEYS = new Set(['id', 'username']);

/**
 * The caller's account. Vulnerable: GET /me sends the stored record (password hash included);
 * PATCH /me writes every property it is sent (`role`, `isAdmin` …); PUT /me/avatar downloads
 * whatever URL it is given. Secure: the documented fields only, and public hosts only.
 */
export function accountRoutes(ctx: ShopContext): Route[] {
  const userOf = (id: number): User => ctx.data.users.find((user) => user.id === id)!;
  return [
    {
      method: 'GET',
      path: '/me',
      handle(req, res) {
        const caller = requireCaller(req, res, ctx);
        if (caller) sendJson(res, 200, ctx.secure ? accountView(userOf(caller.id)) : storedRecord(userOf(caller.id)));
      },
    },
    {
      method: 'PATCH',
      path: '/me',
      async handle(req, res) {
        const caller = requireCaller(req, res, ctx);
        if (!caller) return;
        const body = await readJsonObject(req, res);
        if (!body) return;
        const { displayName, email } = body;
        if (displayName !== undefined && !isText(displayName, 100, 1)) return sendError(res, 400, 'displayName must be 1 to 100 characters');
        if (email !== undefined && !(isText(email, 254) && /^[^@\s]+@[^@\s]+$/.test(email))) return sendError(res, 400, 'email must be an email address');
        const user = userOf(caller.id);
        const changes = ctx.secure ? { displayName, email } : Object.fromEntries(Object.entries(body).filter(([name]) => !KEYS.has(name)));
        for (const [name, value] of Object.entries(changes)) if (value !== undefined) user[name] = value;
        sendJson(res, 200, accountView(user));
      },
    },
    {
      method: 'PUT',
      path: '/me/avatar',
      async handle(req, res) {
        const caller = requireCaller(req, res, ctx);
        if (!caller) return;
        const body = await readJsonObject(req, res);
        if (!body) return;
        const url = httpUrl(body.imageUrl);
        if (!url) return sendError(res, 400, 'imageUrl must be an absolute http(s) URL');
        if (ctx.secure && !(await isPublicHost(url))) return sendError(res, 400, 'imageUrl must be on a public host');
        const image = await ctx.fetch(url);
        if (!image || image.status < 200 || image.status > 299) return sendError(res, 422, 'the image could not be downloaded');
        const user = userOf(caller.id);
        user.avatarUrl = url.href;
        sendJson(res, 200, { avatarUrl: url.href, bytes: Buffer.byteLength(image.body) });
      },
    },
  ];
}
