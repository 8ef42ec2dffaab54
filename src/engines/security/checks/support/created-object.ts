import type { SpecOperation } from '../../../spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import { headerValue, jsonBody, type ScanExchange } from '../../scan-exchange.js';
import { asObject } from '../../../spec/json-values.js';
import { type JsonRecord, recordsIn } from './json-records.js';
import { identifierIn, type ObjectTarget } from './object-target.js';
import { type PathValues, plainRequest } from './plain-request.js';
import { isSuccess } from './same-data.js';
import { sendProbe } from './send-probe.js';

/** An object a check created as the scanning user. */
export interface CreatedObject {
  id: string | number;
  /** What the create answered with (empty when it answered no record). */
  record: JsonRecord;
  exchange: ScanExchange;
}

/**
 * Creates an object with the operation's valid request, its path parameters from `pathValues` (the
 * creator's own: `/users/{userId}/orders`) and `extra` properties added to its body. Its id comes
 * from the answer's record, else the last segment of its Location header. Undefined when the create
 * failed or its answer names no id.
 */
export async function createObject(
  ctx: ScanContext,
  operation: SpecOperation,
  identity: Identity | undefined,
  target: ObjectTarget,
  pathValues: PathValues,
  extra: JsonRecord = {},
): Promise<CreatedObject | undefined> {
  const request = plainRequest(ctx, operation, pathValues);
  const sent = asObject(request?.body);
  if (!request || (Object.keys(extra).length > 0 && !sent)) return undefined;
  if (sent) request.body = { ...sent, ...extra };
  const exchange = await sendProbe(ctx, request, identity);
  if (!exchange || !isSuccess(exchange.response.status)) return undefined;
  const body = jsonBody(exchange.response);
  const record = Array.isArray(body) ? undefined : recordsIn(body)[0];
  const location = headerValue(exchange.response, 'location')?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  const id = (record && identifierIn(record, target)) ?? location;
  return id === undefined ? undefined : { id, record: record ?? {}, exchange };
}
