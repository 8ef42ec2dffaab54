import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import { jsonBody, type ScanExchange } from '../../scan-exchange.js';
import { type JsonRecord, recordsIn, isSuccess } from '../support/answers.js';
import { identifierIn, type ObjectTarget } from '../support/objects.js';
import { type PathValues, plainRequest, sendProbe } from '../support/probes.js';

/** An object as a GET of it answered. */
export interface ObjectRead {
  exchange: ScanExchange;
  record: JsonRecord;
}

/**
 * Reads an object back as the identity: the GET of its own path (`/me`, `/orders/{orderId}`), else
 * the listing of its collection (`target`), the record with its id. Undefined when neither answers with it.
 */
export async function readBack(
  ctx: ScanContext,
  path: string,
  pathValues: PathValues,
  identity: Identity | undefined,
  target?: ObjectTarget,
): Promise<ObjectRead | undefined> {
  const read = ctx.operations.find((operation) => operation.method === 'GET' && operation.path === path);
  const listing = target && ctx.operations.find((operation) => operation.method === 'GET' && operation.path === target.collection);
  const operation = read ?? listing;
  const request = operation && plainRequest(ctx, operation, pathValues);
  const exchange = request && (await sendProbe(ctx, request, identity));
  if (!exchange || !isSuccess(exchange.response.status)) return undefined;
  const body = jsonBody(exchange.response);
  const records = recordsIn(body);
  const record = read
    ? records.length === 1 && !Array.isArray(body)
      ? records[0]
      : undefined
    : records.find((candidate) => target && String(identifierIn(candidate, target)) === String(pathValues[target.parameter]));
  return record && { exchange, record };
}
