import type { ServerResponse } from 'node:http';
import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireCaller } from '../authenticate.js';
import { isText } from '../field-checks.js';
import { readJsonObject } from '../json-request.js';
import { isPublicHost } from '../public-host.js';
import type { ShopContext } from '../shop-context.js';
import { httpUrl } from '../url-fetch.js';

const EVENTS = ['order.created', 'order.shipped'];

/**
 * The operations that take URLs. Vulnerable: a webhook's URL is called to verify it and the link
 * preview fetches its URL, wherever they point. Both modes: an integration's callback URL is only
 * stored, and an import refuses URLs on internal hosts (and is only queued). The secure twin
 * refuses internal hosts everywhere.
 */
export function integrationRoutes(ctx: ShopContext): Route[] {
  /** The URL, or undefined after answering 400: not http(s), or internal when that is refused. */
  const acceptedUrl = async (res: ServerResponse, value: unknown, field: string, refuseInternal: boolean): Promise<URL | undefined> => {
    const url = httpUrl(value);
    if (!url) return void sendError(res, 400, `${field} must be an absolute http(s) URL`);
    if (refuseInternal && !(await isPublicHost(url))) return void sendError(res, 400, `${field} must be on a public host`);
    return url;
  };
  return [
    {
      method: 'POST',
      path: '/webhooks',
      async handle(req, res) {
        const body = requireCaller(req, res, ctx) && (await readJsonObject(req, res));
        if (!body) return;
        const { events } = body;
        if (!Array.isArray(events) || events.length === 0 || !events.every((event) => EVENTS.includes(event as string)))
          return sendError(res, 400, `events must list some of ${EVENTS.join(', ')}`);
        const url = await acceptedUrl(res, body.url, 'url', ctx.secure);
        if (!url) return;
        const answer = await ctx.fetch(url);
        const webhook = {
          id: ctx.data.nextId(),
          url: url.href,
          events: events as string[],
          verified: answer !== undefined && answer.status >= 200 && answer.status <= 299,
        };
        ctx.data.webhooks.push(webhook);
        sendJson(res, 201, webhook);
      },
    },
    {
      method: 'POST',
      path: '/integrations',
      async handle(req, res) {
        const body = requireCaller(req, res, ctx) && (await readJsonObject(req, res));
        if (!body) return;
        if (!isText(body.name, 100, 1)) return sendError(res, 400, 'name must be 1 to 100 characters');
        const url = await acceptedUrl(res, body.callbackUrl, 'callbackUrl', false);
        if (!url) return;
        const integration = { id: ctx.data.nextId(), name: body.name, callbackUrl: url.href };
        ctx.data.integrations.push(integration);
        sendJson(res, 201, integration);
      },
    },
    {
      method: 'POST',
      path: '/imports',
      async handle(req, res) {
        const body = requireCaller(req, res, ctx) && (await readJsonObject(req, res));
        if (!body) return;
        const url = await acceptedUrl(res, body.sourceUrl, 'sourceUrl', true);
        if (url) sendJson(res, 202, { id: ctx.data.nextId(), sourceUrl: url.href, status: 'queued' });
      },
    },
    {
      method: 'GET',
      path: '/link-preview',
      async handle(req, res, _params, requestUrl) {
        if (!requireCaller(req, res, ctx)) return;
        const url = await acceptedUrl(res, requestUrl.searchParams.get('url'), 'url', ctx.secure);
        if (!url) return;
        const page = await ctx.fetch(url);
        if (!page) return sendError(res, 502, 'the page could not be fetched');
        const title = /<title[^>]*>([^<]*)<\/title>/i.exec(page.body)?.[1]?.trim() ?? null;
        sendJson(res, 200, { url: url.href, status: page.status, title });
      },
    },
  ];
}
