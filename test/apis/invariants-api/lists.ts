import { sendError, sendJson } from '../nonconforming-api/json-exchange.js';
import type { Route } from '../nonconforming-api/routes.js';
import { queryInteger } from './input.js';

export interface ListDefects {
  /** pagination_consistency: an offset past the end answers the last page again. */
  offsetPastEndRepeats: boolean;
  /** pagination_consistency: the next page starts at the cursor's item, which the page before ended with. */
  cursorIncludesItsItem: boolean;
  /** pagination_consistency: X-Total-Count counts one tag too few. */
  tagTotalShort: boolean;
}

const EVENTS = ['Launch', 'Review', 'Retro', 'Demo', 'Planning', 'Offsite', 'Hackday'].map((title, index) => ({ id: index + 1, title }));
const LOGS = ['started', 'listening', 'request', 'response', 'stopped'].map((message, index) => ({ id: index + 1, message }));
const TAGS = ['red', 'green', 'blue', 'cyan', 'magenta'].map((label, index) => ({ id: index + 1, label }));

/** Three read-only lists, each paged its own way: events by offset and limit, logs by cursor, tags by the Link header. */
export function listRoutes(defects: ListDefects): Route[] {
  return [
    {
      method: 'GET',
      path: '/events',
      handle(req, res, _params, url) {
        req.resume();
        const offset = queryInteger(res, url, 'offset', { min: 0, default: 0 });
        const limit = offset === undefined ? undefined : queryInteger(res, url, 'limit', { min: 1, max: 20, default: 5 });
        if (typeof offset !== 'number' || typeof limit !== 'number') return;
        const from = defects.offsetPastEndRepeats && offset >= EVENTS.length ? Math.floor((EVENTS.length - 1) / limit) * limit : offset;
        sendJson(res, 200, EVENTS.slice(from, from + limit), { 'x-total-count': String(EVENTS.length) });
      },
    },
    {
      method: 'GET',
      path: '/logs',
      handle(req, res, _params, url) {
        req.resume();
        const cursors = url.searchParams.getAll('cursor');
        const cursor = cursors[0];
        if (cursors.length > 1 || (cursor !== undefined && !/^[0-9]{1,9}$/.test(cursor)))
          return sendError(res, 400, 'cursor must be one run of up to 9 digits');
        const limit = queryInteger(res, url, 'limit', { min: 1, max: 20, default: 5 });
        if (typeof limit !== 'number') return;
        const after = cursor === undefined ? 0 : Number(cursor) - (defects.cursorIncludesItsItem ? 1 : 0);
        const rest = LOGS.filter((entry) => entry.id > after);
        const data = rest.slice(0, limit);
        sendJson(res, 200, { data, next_cursor: rest.length > limit ? String(data.at(-1)!.id) : null });
      },
    },
    {
      method: 'GET',
      path: '/tags',
      handle(req, res, _params, url) {
        req.resume();
        const size = queryInteger(res, url, 'per_page', { min: 1, max: 10, default: 3 });
        const since = size === undefined ? undefined : queryInteger(res, url, 'since', { min: 0, default: 0 });
        if (typeof size !== 'number' || typeof since !== 'number') return;
        const rest = TAGS.filter((tag) => tag.id > since);
        const page = rest.slice(0, size);
        const headers: Record<string, string> = { 'x-total-count': String(TAGS.length - (defects.tagTotalShort ? 1 : 0)) };
        if (rest.length > size) headers.link = `</tags?per_page=${size}&since=${page.at(-1)!.id}>; rel="next"`;
        sendJson(res, 200, page, headers);
      },
    },
  ];
}
