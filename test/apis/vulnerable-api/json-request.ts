import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from '../nonconforming-api/json-exchange.js';
import { MAX_BODY_BYTES, readBoundedJson } from './bounded-json-body.js';
import { isPlainObject } from './field-checks.js';

/** The body as a JSON object, or undefined after answering 413 (too large) or 400 (anything else wrong). */
export async function readJsonObject(req: IncomingMessage, res: ServerResponse, limitBytes = MAX_BODY_BYTES): Promise<Record<string, unknown> | undefined> {
  const body = await readBoundedJson(req, limitBytes);
  if (!body.ok && body.reason === 'too-large') return void sendError(res, 413, 'the body is larger than 100 kB');
  if (!body.ok || !isPlainObject(body.value)) return void sendError(res, 400, 'the body must be a JSON object');
  return body.value;
}
