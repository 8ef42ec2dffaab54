import type { SpecOperation } from '../../../../engines/spec/spec-format.js';
import type { Identity } from '../identity.js';
import { isAuthPath } from '../checks/support/operations.js';
import { headerValue, jsonBody, type ScanExchange, type ScanRequest } from '../scan-exchange.js';

/** An identifier key of a created record: `id`, `orderId`, `order_id`, `uuid`. */
const ID_KEY = /^(id|uuid|guid)$|[a-z\d](Id|ID|_id)$/;

/** An object a POST of the scan created. */
export interface CreatedObject {
  creator: Identity | undefined;
  /** `POST /api/v2/orders`. */
  create: string;
  /** `/api/v2/orders/1007`: its Location, else the create's path and the id its answer gave. */
  location?: string;
  /** The spec documents a DELETE of it: only then is one sent, and a 404 to it means it is gone already. */
  deleteDocumented: boolean;
}

/**
 * The object a POST created: answered 2xx with a Location, or with a record whose id names an item
 * the spec has a path for (`/orders/{orderId}` under `POST /orders`), or answered 201 at all (then
 * with no location when it named none). A login, a search, a lookup answer no such thing.
 */
export function createdObjectOf(
  request: ScanRequest,
  exchange: ScanExchange,
  creator: Identity | undefined,
  operations: readonly SpecOperation[],
  login: SpecOperation | undefined,
): CreatedObject | undefined {
  const { status } = exchange.response;
  const template = request.path.split('?')[0]!;
  if (request.method.toUpperCase() !== 'POST' || status < 200 || status > 299 || isAuthPath(template) || login?.path === template) return undefined;
  const url = new URL(exchange.request.url);
  const item = operations.find((operation) => new RegExp(`^${escapeRegExp(template)}/\\{[^{}/]+\\}$`).test(operation.path));
  const deleteDocumented = !!item && operations.some((operation) => operation.method === 'DELETE' && operation.path === item.path);
  const create = `POST ${url.pathname}`;
  const location = headerValue(exchange.response, 'location');
  if (location) return { creator, create, location: new URL(location, url).pathname, deleteDocumented };
  const id = item ? idIn(jsonBody(exchange.response)) : undefined;
  if (id !== undefined) return { creator, create, location: `${url.pathname.replace(/\/$/, '')}/${encodeURIComponent(String(id))}`, deleteDocumented };
  return status === 201 ? { creator, create, deleteDocumented } : undefined;
}

function idIn(body: unknown): string | number | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const entries = Object.entries(body as Record<string, unknown>);
  const found = entries.find(([key]) => key === 'id') ?? entries.find(([key]) => ID_KEY.test(key));
  const value = found?.[1];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
