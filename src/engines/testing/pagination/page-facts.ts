import { type CheckedResponse, responseHeader } from '../checks/check-context.js';
import { valueAt } from '../generate/body-fields.js';
import type { PageWalk } from './page-walk.js';

/** What one page says, read the way its walk reads it. */
export interface PageFacts {
  /** The page's items; absent when the body has no list where the walk looks. */
  items?: unknown[];
  /** Each item as the walk knows it (`id=3`, or its whole value as JSON), in the page's order. */
  keys: string[];
  /** The count of all items the page states. */
  total?: number;
  /** The count of all pages the page states. */
  pageCount?: number;
  /** Where the next page is, as the page says: a cursor to send, or an address to follow. */
  next?: { cursor: string } | { url: string };
  /** The page says whether more follow (`has_more`). */
  hasMore?: boolean;
}

/** The page's facts; an answer that is not JSON (or was cut) has no items. */
export function pageFacts(walk: PageWalk, response: CheckedResponse): PageFacts {
  const body = jsonBody(response);
  const found = valueAt(body, walk.items);
  const items = Array.isArray(found) ? found : undefined;
  const facts: PageFacts = { keys: (items ?? []).map((item) => itemKey(item, walk.key)) };
  if (items) facts.items = items;
  const total = walk.total && count(walk.total.in === 'body' ? valueAt(body, walk.total.path) : responseHeader(response, walk.total.name));
  if (total !== undefined) facts.total = total;
  const pageCount = walk.pageCount && count(valueAt(body, walk.pageCount));
  if (pageCount !== undefined) facts.pageCount = pageCount;
  const hasMore = walk.hasMore && valueAt(body, walk.hasMore);
  if (typeof hasMore === 'boolean') facts.hasMore = hasMore;
  const next = nextPlace(walk, body, items, response);
  if (next) facts.next = next;
  return facts;
}

/** `id=3` for an item with the key, else the item as JSON with its properties in order, so equal items read the same. */
export function itemKey(item: unknown, key: string | undefined): string {
  const named = key !== undefined && item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>)[key] : undefined;
  return named === undefined || named === null ? canonicalJson(item) : `${key}=${JSON.stringify(named)}`;
}

function nextPlace(walk: PageWalk, body: unknown, items: unknown[] | undefined, response: CheckedResponse): PageFacts['next'] {
  const { step } = walk;
  if (step.by === 'link') {
    const url = nextLink(responseHeader(response, 'link'));
    return url === undefined ? undefined : { url };
  }
  if (step.by !== 'cursor') return undefined;
  const value = step.from === 'last-item' ? rawKey(items?.at(-1), walk.key) : valueAt(body, step.from.body);
  if (typeof value === 'number' && Number.isFinite(value)) return { cursor: String(value) };
  if (typeof value !== 'string' || value === '') return undefined;
  return /^(https?:\/\/|\/|\?)/i.test(value) ? { url: value } : { cursor: value };
}

function rawKey(item: unknown, key: string | undefined): unknown {
  if (key === undefined || item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  return (item as Record<string, unknown>)[key];
}

/** The target of the `rel="next"` link of a `Link` header (RFC 8288), if it has one. */
export function nextLink(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const match of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(match[2] ?? '');
    const relations = (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
    if (relations.includes('next')) return match[1]!.trim();
  }
  return undefined;
}

function jsonBody(response: CheckedResponse): unknown {
  if (response.binary || response.bodyTruncated) return undefined;
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

/** A whole number of at least 0, from a number or its text. */
function count(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}
