import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendError } from '../nonconforming-api/json-exchange.js';

/** A query parameter given once as an integer in its range, its default when absent; undefined (answered 400) otherwise. */
export function queryInteger(
  res: ServerResponse,
  url: URL,
  name: string,
  range: { min: number; max?: number; default?: number },
): number | undefined | 'absent' {
  const given = url.searchParams.getAll(name);
  if (given.length === 0) return range.default ?? 'absent';
  const text = given[0]!;
  const value = given.length === 1 && /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isSafeInteger(value) && value >= range.min && (range.max === undefined || value <= range.max)) return value;
  sendError(
    res,
    400,
    `${name} must be one integer from ${range.min}${range.max === undefined ? ' up' : ` to ${range.max}`}, not ${JSON.stringify(given.join(','))}`,
  );
  return undefined;
}

/** A path id as the spec allows it (an integer of at least 1); undefined (answered 400) otherwise. */
export function pathId(res: ServerResponse, raw: string | undefined, name: string): number | undefined {
  const id = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : 0;
  if (id >= 1 && Number.isSafeInteger(id)) return id;
  sendError(res, 400, `${name} must be an integer of at least 1, not ${JSON.stringify(raw)}`);
  return undefined;
}

/** The JSON body when the schema takes it; undefined (answered 400, as the spec documents) otherwise. */
export async function validBody<T>(req: IncomingMessage, res: ServerResponse, valid: (value: unknown) => boolean, schema: string): Promise<T | undefined> {
  const body = await readJsonBody(req);
  if (body.ok && valid(body.value)) return body.value as T;
  sendError(res, 400, body.ok ? `the body does not follow ${schema}` : 'send the body as application/json');
  return undefined;
}
