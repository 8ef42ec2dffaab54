import { jsonBody, type ScanExchange } from '../../scan-exchange.js';
import { asObject } from '../../../../../engines/spec/json-values.js';
import { answeredWithData, isSuccess } from '../support/answers.js';

/** A 2xx that still says no: `{"error": "forbidden"}`, `Access denied`. */
const REFUSAL =
  /\b(forbidden|not allowed|not permitted|unauthori[sz]ed|access denied|permission denied|(administrators?|admins?) only|insufficient (rights|privileges|permissions))\b/i;
/** Longer answers carry data, whatever words are in it. */
const MAX_REFUSAL_CHARS = 300;

/**
 * The operation did what was asked: a 2xx that is not a refusal in disguise (an `error` field, a
 * short "forbidden"), with data in it for a read. A write may answer 204 with no body.
 */
export function isGranted({ request, response }: ScanExchange): boolean {
  if (!isSuccess(response.status)) return false;
  const body = jsonBody(response);
  const record = asObject(body);
  if (record && (record.error !== undefined || record.errors !== undefined)) return false;
  if (response.body.length <= MAX_REFUSAL_CHARS && REFUSAL.test(response.body)) return false;
  return request.method !== 'GET' || answeredWithData(response);
}
