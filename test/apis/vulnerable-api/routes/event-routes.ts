import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireCaller } from '../authenticate.js';
import { integerParam } from '../field-checks.js';
import type { ShopContext } from '../shop-context.js';

/** The shop's activity feed: more events than any page should hold, and only a few recalls. */
const EVENT_COUNT = 3000;
const EVENT_TYPES = ['order', 'restock', 'review', 'price-change'];
/** Every RECALL_EVERY-th event is a product recall: the spec's example filter, which leaves a page of 3. */
const RECALL_EVERY = 1000;
const DEFAULT_PAGE = 10;
/** The most events a page holds in the secure twin, which clamps larger page sizes to it. */
const MAX_PAGE = 50;

const EVENTS = Array.from({ length: EVENT_COUNT }, (_, index) => ({
  id: index + 1,
  type: (index + 1) % RECALL_EVERY === 0 ? 'recall' : EVENT_TYPES[index % EVENT_TYPES.length]!,
  at: new Date(Date.UTC(2030, 0, 1) + index * 60_000).toISOString(),
}));

/**
 * GET /events?type=&per_page=, for signed-in users. Vulnerable: returns as many events as asked.
 * Secure: a page size above MAX_PAGE is clamped to it.
 */
export function eventRoutes(ctx: ShopContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/events',
      handle(req, res, _params, url) {
        if (!requireCaller(req, res, ctx)) return;
        const type = url.searchParams.get('type');
        const asked = integerParam(url.searchParams.get('per_page'), DEFAULT_PAGE, 1);
        if (asked === undefined) return sendError(res, 400, 'per_page must be an integer of at least 1');
        const perPage = ctx.secure ? Math.min(asked, MAX_PAGE) : asked;
        sendJson(res, 200, EVENTS.filter((event) => type === null || event.type === type).slice(0, perPage));
      },
    },
  ];
}
