import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecOperation, SpecParameter } from '../../spec/spec-format.js';
import { integerRange } from '../generate/number-bounds.js';
import { isJsonMediaType } from '../generate/request-body.js';
import { flattenSchema, schemaTypes } from '../generate/schema-shape.js';
import type { BodyPath, PageStep, PageWalk } from './page-walk.js';

/** The page size a walk asks for when it may choose: small, so that a short list still has several pages. */
const WALK_PAGE_SIZE = 2;

// Names are compared in lower case without punctuation: `page[size]`, `page_size` and `pageSize` are one.
const PAGE_NUMBERS = new Set(['page', 'pagenumber', 'pageno', 'pagenum', 'pageindex']);
const PAGE_SIZES = new Set(['pagesize', 'perpage', 'size', 'limit', 'pagelimit', 'count', 'maxresults', 'take', 'top']);
const OFFSETS = new Set(['offset', 'skip', 'start', 'startindex', 'pageoffset']);
const CURSORS = new Set([
  'cursor',
  'after',
  'pagetoken',
  'nexttoken',
  'continuation',
  'continuationtoken',
  'startingafter',
  'pagecursor',
  'pageafter',
  'marker',
]);
/** Cursors that name the last item seen (Stripe's `starting_after`), when no property of the page gives the next one. */
const AFTER_ITEM = new Set(['after', 'startingafter', 'pageafter']);
const ITEM_LISTS = ['items', 'data', 'results', 'records', 'content', 'entries', 'values', 'list', 'rows', 'elements', 'hits', 'objects', 'resources', 'nodes'];
const ITEM_KEYS = ['id', 'uuid', '_id', 'key', 'slug'];
const TOTALS = new Set(['total', 'totalcount', 'totalitems', 'totalelements', 'totalresults', 'totalrecords', 'totalsize', 'totalhits']);
/** Django REST framework's `count` beside `next` and `results` is the count of all items; alone it may be the page's. */
const AMBIGUOUS_TOTAL = 'count';
const TOTAL_HEADERS = new Set(['xtotalcount', 'xtotal', 'totalcount', 'xtotalitems']);
const PAGE_COUNTS = new Set(['totalpages', 'pagecount', 'pages', 'numpages', 'lastpage']);
const HAS_MORE = new Set(['hasmore', 'hasnext', 'hasnextpage', 'more']);
const NEXT_CURSORS = new Set([
  'nextcursor',
  'next',
  'nextpagetoken',
  'nexttoken',
  'endcursor',
  'nextmarker',
  'continuationtoken',
  'nextlink',
  'nexturl',
  'nextpage',
]);

/** A paginated list operation as the spec describes it: how to walk it, and the query parameters that page it. */
export interface PaginatedList {
  walk: PageWalk;
  /** The query parameters the walk sets on its first page: name → value (the page number, offset 0, the page size). */
  firstPage: Record<string, number>;
  /** Query parameters that page the list, which the first page must not carry (a cursor). */
  paging: Set<string>;
}

/**
 * Whether a GET lists items page by page, read from its query parameters (page and size, offset
 * and limit, a cursor) and its success response (an array, or an object with one; the count of
 * all items or pages; the next cursor; a documented `Link` header), and how to walk it. Undefined
 * for anything else.
 */
export function paginatedList(operation: SpecOperation, spec: FalconSpec): PaginatedList | undefined {
  if (operation.method !== 'GET') return undefined;
  const success = successResponse(operation, spec);
  if (!success) return undefined;
  const { schema, headers } = success;
  const place = itemsPlace(schema, operation, spec);
  if (!place) return undefined;
  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  const named = (names: ReadonlySet<string>, integer: boolean) =>
    query.find((parameter) => names.has(plain(parameter.name)) && (!integer || isWholeNumber(parameter, spec)));
  const size = named(PAGE_SIZES, true);
  const envelope = place.items.length > 0 ? flattenSchema(schema, spec) : undefined;
  const counts = envelope ? countPlaces(envelope, place.items, spec) : {};
  const header = Object.keys(headers).find((name) => TOTAL_HEADERS.has(plain(name)));
  const documentsLink = Object.keys(headers).some((name) => name.toLowerCase() === 'link');
  const step = pageStep(named, place.key, counts.next, documentsLink, spec);
  if (!step) return undefined;
  const walk: PageWalk = {
    step: step.step,
    items: place.items,
    ...(place.key && { key: place.key }),
    ...(counts.total ? { total: { in: 'body' as const, path: counts.total } } : header ? { total: { in: 'header' as const, name: header } } : {}),
    ...(counts.pageCount && { pageCount: counts.pageCount }),
    ...(counts.hasMore && { hasMore: counts.hasMore }),
  };
  const firstPage: Record<string, number> = { ...step.firstPage };
  if (size) {
    walk.size = { parameter: size.name, ...pageSize(size, spec) };
    firstPage[size.name] = walk.size.value;
  }
  const paging = new Set([...Object.keys(firstPage), ...(step.step.by === 'cursor' ? [step.step.parameter] : [])]);
  return { walk, firstPage, paging };
}

type FindParameter = (names: ReadonlySet<string>, integer: boolean) => SpecParameter | undefined;

function pageStep(
  named: FindParameter,
  key: string | undefined,
  next: BodyPath | undefined,
  documentsLink: boolean,
  spec: FalconSpec,
): { step: PageStep; firstPage: Record<string, number> } | undefined {
  const cursor = named(CURSORS, false);
  if (cursor) {
    if (next) return { step: { by: 'cursor', parameter: cursor.name, from: { body: next } }, firstPage: {} };
    if (key && AFTER_ITEM.has(plain(cursor.name))) return { step: { by: 'cursor', parameter: cursor.name, from: 'last-item' }, firstPage: {} };
  }
  const page = named(PAGE_NUMBERS, true);
  if (page) {
    const first = firstPageNumber(page, spec);
    return { step: { by: 'page', parameter: page.name, first }, firstPage: { [page.name]: first } };
  }
  const offset = named(OFFSETS, true);
  if (offset) return { step: { by: 'offset', parameter: offset.name }, firstPage: { [offset.name]: 0 } };
  if (documentsLink) return { step: { by: 'link' }, firstPage: {} };
  return undefined;
}

/** The first documented 2xx answer with a JSON body: its schema and its headers. */
function successResponse(operation: SpecOperation, spec: FalconSpec): { schema: JsonSchema; headers: Record<string, unknown> } | undefined {
  const statuses = Object.keys(operation.responses)
    .filter((status) => /^2\d\d$/.test(status))
    .sort();
  for (const status of statuses) {
    const response = operation.responses[status]!;
    const media = Object.entries(response.content ?? {}).find(([type, content]) => isJsonMediaType(type) && content.schema);
    if (media?.[1].schema) return { schema: flattenSchema(media[1].schema, spec), headers: response.headers ?? {} };
  }
  return undefined;
}

/** Where the items are (the body itself, a list property, or one inside an object property) and what names one. */
function itemsPlace(schema: JsonSchema, operation: SpecOperation, spec: FalconSpec): { items: BodyPath; key?: string } | undefined {
  if (schemaTypes(schema).includes('array')) return withKey([], schema.items, operation, spec);
  const top = listProperty(schema, operation, spec);
  if (top) return withKey([top.name], top.schema.items, operation, spec);
  for (const [name, property] of propertiesOf(schema, spec)) {
    const inner = listProperty(property, operation, spec);
    if (inner) return withKey([name, inner.name], inner.schema.items, operation, spec);
  }
  return undefined;
}

function withKey(items: BodyPath, itemSchema: unknown, operation: SpecOperation, spec: FalconSpec): { items: BodyPath; key?: string } {
  const names = propertiesOf(flattenSchema(itemSchema, spec), spec).map(([name]) => name);
  const singular = collectionName(operation).replace(/s$/, '');
  const wanted = [...ITEM_KEYS, `${singular}id`];
  const key = wanted.map((want) => names.find((name) => plain(name) === want)).find(Boolean);
  return key ? { items, key } : { items };
}

function listProperty(schema: JsonSchema, operation: SpecOperation, spec: FalconSpec): { name: string; schema: JsonSchema } | undefined {
  const lists = propertiesOf(schema, spec).filter(([, property]) => schemaTypes(property).includes('array'));
  const collection = plain(collectionName(operation));
  const chosen = lists.find(([name]) => ITEM_LISTS.includes(plain(name)) || plain(name) === collection) ?? (lists.length === 1 ? lists[0] : undefined);
  return chosen && { name: chosen[0], schema: chosen[1] };
}

interface CountPlaces {
  total?: BodyPath;
  pageCount?: BodyPath;
  hasMore?: BodyPath;
  next?: BodyPath;
}

/** The counts, the has-more flag and the next cursor an envelope holds, at its top or one object down (`meta`, `pagination`). */
function countPlaces(envelope: JsonSchema, items: BodyPath, spec: FalconSpec): CountPlaces {
  const places: CountPlaces = {};
  const visit = (schema: JsonSchema, at: BodyPath, depth: number) => {
    const properties = propertiesOf(schema, spec);
    const names = new Set(properties.map(([name]) => plain(name)));
    for (const [name, property] of properties) {
      const path = [...at, name];
      const simple = plain(name);
      const types = schemaTypes(property);
      const whole = types.includes('integer') || types.includes('number');
      if (whole && (TOTALS.has(simple) || (simple === AMBIGUOUS_TOTAL && names.has('next')))) places.total ??= path;
      else if (whole && PAGE_COUNTS.has(simple)) places.pageCount ??= path;
      else if (types.includes('boolean') && HAS_MORE.has(simple)) places.hasMore ??= path;
      else if ((types.includes('string') || types.length === 0) && NEXT_CURSORS.has(simple)) places.next ??= path;
      else if (depth === 0 && types.includes('object') && name !== items[0]) visit(property, path, 1);
    }
  };
  visit(envelope, [], 0);
  return places;
}

function propertiesOf(schema: JsonSchema, spec: FalconSpec): Array<[string, JsonSchema]> {
  return Object.entries(asObject(flattenSchema(schema, spec).properties) ?? {}).map(([name, property]) => [name, flattenSchema(property, spec)]);
}

/** The page a list starts at: its default when that is 0 or 1, else its least allowed value, else 1. */
function firstPageNumber(parameter: SpecParameter, spec: FalconSpec): number {
  const schema = flattenSchema(parameter.schema, spec);
  if (schema.default === 0 || schema.default === 1) return schema.default;
  const { low } = integerRange(schema);
  return low !== undefined && low >= 0 ? low : 1;
}

/**
 * WALK_PAGE_SIZE, or the nearest size the parameter allows (its least enum value of at least 1, a
 * multiple of its `multipleOf`), and the largest it allows; an enum or `multipleOf` keeps the size
 * as it is, since a larger one must be one of its values.
 */
function pageSize(parameter: SpecParameter, spec: FalconSpec): { value: number; largest?: number } {
  const schema = flattenSchema(parameter.schema, spec);
  if (Array.isArray(schema.enum)) {
    const sizes = schema.enum.filter((value): value is number => Number.isInteger(value) && (value as number) >= 1).sort((a, b) => a - b);
    const value = sizes.find((size) => size >= WALK_PAGE_SIZE) ?? sizes.at(-1);
    if (value !== undefined) return { value, largest: value };
  }
  const { low = 1, high } = integerRange(schema);
  const value = Math.min(Math.max(WALK_PAGE_SIZE, low, 1), high ?? Number.MAX_SAFE_INTEGER);
  const step = schema.multipleOf;
  if (typeof step === 'number' && Number.isInteger(step) && step > 0) {
    const multiple = Math.max(step, Math.ceil(value / step) * step);
    return { value: multiple, largest: multiple };
  }
  return { value, ...(high !== undefined && { largest: high }) };
}

function isWholeNumber(parameter: SpecParameter, spec: FalconSpec): boolean {
  const types = schemaTypes(flattenSchema(parameter.schema, spec));
  return types.includes('integer') || types.includes('number');
}

/** The last path segment that is not a parameter: `pets` of `/owners/{id}/pets`. */
function collectionName(operation: SpecOperation): string {
  return (
    operation.path
      .split('/')
      .filter((segment) => segment !== '' && !segment.startsWith('{'))
      .at(-1) ?? ''
  );
}

/** `page[size]`, `page_size`, `_page`, `$top` → `pagesize`, `pagesize`, `page`, `top`. */
function plain(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}
