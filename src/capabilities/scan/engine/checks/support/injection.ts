import type { JsonSchema, SpecOperation } from '../../../../../engines/spec/spec-format.js';
import type { ScanRequest, ScanExchange } from '../../scan-exchange.js';
import type { ScanContext } from '../../scan-context.js';
import { type ProbedOperation, probedOperations } from './operations.js';
import { sendProbe } from './probes.js';

/** Injection points an operation gets probed at, at most: the first ones, so that a wide body stays bounded. */
export const MAX_POINTS_PER_OPERATION = 10;
/** How deep into a JSON body string fields are looked for. */
const MAX_BODY_DEPTH = 3;

/**
 * A place in a valid request where a check puts a payload: a path or query parameter (text on the
 * wire, so numbers too: `/users/1'` is the classic injection), or a string field of the body.
 */
export interface InjectionPoint {
  in: 'path' | 'query' | 'body';
  /** The parameter's name, or the body field's keys joined by dots (`address.city`). */
  name: string;
  /** The body field's keys from the top; the parameter's name alone for a parameter. */
  keys: string[];
  /** The valid request's value there, as text. */
  value: string;
  /** What the spec says of the value, when it says. */
  schema?: JsonSchema;
}

/** Each string (or, in the path and query, number) value of a valid request, in the path, the query and the body. */
export function injectionPoints(operation: SpecOperation, request: ScanRequest): InjectionPoint[] {
  const points: InjectionPoint[] = [];
  for (const [name, value] of Object.entries(request.pathParams ?? {})) {
    if (typeof value !== 'boolean') points.push(parameterPoint(operation, 'path', name, String(value)));
  }
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') points.push(parameterPoint(operation, 'query', name, String(value)));
  }
  if (isRecord(request.body)) points.push(...bodyPoints(request.body, bodySchema(operation, request), []));
  return points;
}

/**
 * The request with `value` at the point, the rest as it was. In the query an object is sent in
 * brackets (`name[$ne]=x`), the notation servers parse into objects; in the path a value is text.
 */
/** A probed operation with the points a check injects into. */
export interface InjectionTarget {
  target: ProbedOperation;
  points: InjectionPoint[];
}

/**
 * The probed operations with their injection points (those `keep` takes, MAX_POINTS_PER_OPERATION
 * at most), those with most points first: probed several at once, the longest start first and the
 * short ones fill in around them, instead of one long operation ending the check alone.
 */
export function injectionTargets(ctx: ScanContext, keep: (point: InjectionPoint) => boolean = () => true): InjectionTarget[] {
  return probedOperations(ctx)
    .map((target) => ({ target, points: injectionPoints(target.operation, target.request).filter(keep).slice(0, MAX_POINTS_PER_OPERATION) }))
    .filter(({ points }) => points.length > 0)
    .sort((a, b) => b.points.length - a.points.length);
}

export function withValue(request: ScanRequest, point: InjectionPoint, value: unknown): ScanRequest {
  const changed = structuredClone(request);
  if (point.in === 'path') changed.pathParams = { ...changed.pathParams, [point.name]: String(value) };
  else if (point.in === 'query') {
    const { [point.name]: _replaced, ...others } = changed.query ?? {};
    changed.query = { ...others, ...queryFields(point.name, value) };
  } else setField(changed.body as Record<string, unknown>, point.keys, value);
  return changed;
}

/** `query parameter "q"`, `body field "address.city"`: the point in a finding's title. */
export function pointLabel(point: InjectionPoint): string {
  return `${point.in === 'body' ? 'body field' : `${point.in} parameter`} "${point.name}"`;
}

function parameterPoint(operation: SpecOperation, location: 'path' | 'query', name: string, value: string): InjectionPoint {
  const schema = operation.parameters.find((parameter) => parameter.in === location && parameter.name === name)?.schema;
  return { in: location, name, keys: [name], value, ...(schema && { schema }) };
}

function bodyPoints(fields: Record<string, unknown>, schema: JsonSchema | undefined, above: string[]): InjectionPoint[] {
  return Object.entries(fields).flatMap(([key, value]): InjectionPoint[] => {
    const keys = [...above, key];
    const fieldSchema = propertySchema(schema, key);
    if (typeof value === 'string') return [{ in: 'body', name: keys.join('.'), keys, value, ...(fieldSchema && { schema: fieldSchema }) }];
    return isRecord(value) && keys.length < MAX_BODY_DEPTH ? bodyPoints(value, fieldSchema, keys) : [];
  });
}

function bodySchema(operation: SpecOperation, request: ScanRequest): JsonSchema | undefined {
  const content = operation.requestBody?.content ?? {};
  return (content[request.contentType ?? 'application/json'] ?? Object.values(content)[0])?.schema;
}

function propertySchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  const properties = schema?.properties;
  return isRecord(properties) && isRecord(properties[key]) ? properties[key] : undefined;
}

function queryFields(name: string, value: unknown): Record<string, string> {
  if (!isRecord(value)) return { [name]: String(value) };
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [`${name}[${key}]`, String(inner ?? '')]));
}

function setField(body: Record<string, unknown>, keys: string[], value: unknown): void {
  const parent = keys.slice(0, -1).reduce<Record<string, unknown>>((record, key) => record[key] as Record<string, unknown>, body);
  parent[keys[keys.length - 1]!] = value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What an operation answers to its valid request, sent as is: the control a probe's answer is compared with. */
export interface NormalAnswer {
  exchanges: ScanExchange[];
  /** The median time of the answers. */
  medianMs: number;
  /** The time of the fastest: what other requests in flight at the same time stretched least. */
  fastestMs: number;
}

/** Sends the valid request `count` times; undefined when one got no answer. */
export async function normalAnswer(ctx: ScanContext, target: ProbedOperation, count: number): Promise<NormalAnswer | undefined> {
  const exchanges: ScanExchange[] = [];
  for (let sent = 0; sent < count; sent++) {
    const exchange = await sendProbe(ctx, target.request, target.identity);
    if (!exchange) return undefined;
    exchanges.push(exchange);
  }
  const durations = exchanges.map((exchange) => exchange.response.durationMs).sort((a, b) => a - b);
  return { exchanges, medianMs: durations[Math.floor(durations.length / 2)]!, fastestMs: durations[0]! };
}

/**
 * What databases and their drivers say when a query they were given does not parse: text a
 * response carries only when a request value reached the SQL. Specific enough that a payload
 * echoed back (a lone quote) matches none.
 */
const DATABASE_ERRORS: readonly RegExp[] = [
  // MySQL and MariaDB
  /You have an error in your SQL syntax[^\n"]{0,120}/i,
  /check the manual that (?:corresponds to|fits) your (?:MySQL|MariaDB)[^\n"]{0,80}/i,
  /\bER_PARSE_ERROR\b/,
  /\bmysqli?_(?:fetch|query|num_rows)\w*\(\)/i,
  /com\.mysql\.(?:cj\.)?jdbc\.exceptions\.\w+/,
  // PostgreSQL
  /unterminated quoted (?:string|identifier) at or near[^\n"]{0,80}/i,
  /syntax error at or near[^\n"]{0,80}/i,
  /\bPG::\w+Error\b/,
  /\bpsql:[^\n]{0,80}ERROR/,
  /org\.postgresql\.util\.PSQLException/,
  /\bNpgsql\.PostgresException\b/,
  /\bpg_(?:query|exec)\(\): Query failed/i,
  // SQLite
  /\bSQLITE_ERROR\b[^\n"]{0,80}/,
  /\bSQLite3?::(?:SQL)?Exception\b/,
  /sqlite3\.OperationalError[^\n"]{0,80}/,
  /System\.Data\.SQLite\.SQLiteException/,
  /unrecognized token: "[^\n]{0,80}/,
  // Oracle
  /\bORA-\d{5}\b[^\n"]{0,80}/,
  /quoted string not properly terminated/i,
  // SQL Server
  /Unclosed quotation mark (?:after|before) the character string[^\n"]{0,80}/i,
  /Incorrect syntax near[^\n"]{0,80}/i,
  /\[Microsoft\]\[ODBC SQL Server Driver\]/,
  /System\.Data\.SqlClient\.SqlException/,
  /Microsoft\.Data\.SqlClient\.SqlException/,
  // Drivers and ORMs, whatever the database
  /SQLSTATE\[\w{5}\][^\n"]{0,80}/,
  /java\.sql\.SQLSyntaxErrorException/,
  /sqlalchemy\.exc\.(?:Programming|Operational)Error/,
  /\bSequelizeDatabaseError\b/,
  /\bQueryFailedError\b/,
  /\bPDOException\b[^\n"]{0,80}/,
];

/** The first database error in a response body, as it reads there. */
export function databaseErrorIn(body: string): string | undefined {
  for (const pattern of DATABASE_ERRORS) {
    const match = pattern.exec(body);
    if (match) return match[0];
  }
  return undefined;
}
