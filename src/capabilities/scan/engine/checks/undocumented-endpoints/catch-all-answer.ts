import { randomBytes } from 'node:crypto';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import { headerValue, type ScanExchange } from '../../scan-exchange.js';
import { isSuccess } from '../support/answers.js';
import { sendProbe } from '../support/probes.js';

/** Numbers, dates and long tokens: what differs between two answers of the same page (a nonce, a time, a request id). */
const VOLATILE = /[A-Za-z0-9+/=_-]{20,}|\d+/g;

/**
 * What the API answers to `method` on a path no API has (`/falcon-<random>`), a write with an empty
 * object: the answer of its catch-all route, if it has one.
 */
export async function catchAllAnswer(ctx: ScanContext, identity: Identity | undefined, method = 'GET'): Promise<ScanExchange | undefined> {
  const body = ['POST', 'PUT', 'PATCH'].includes(method) ? { body: {} } : {};
  return sendProbe(ctx, { method, path: `/falcon-${randomBytes(6).toString('hex')}`, ...body }, identity);
}

/**
 * The answer proves nothing about its path: the catch-all answers 2xx too (an SPA's index.html, a
 * 200 for everything), with the same status, media type and body, the paths asked for and what
 * changes between two calls left aside.
 */
export function isCatchAllAnswer(answer: ScanExchange, catchAll: ScanExchange | undefined): boolean {
  if (!catchAll || !isSuccess(catchAll.response.status)) return false;
  return answer.response.status === catchAll.response.status && mediaType(answer) === mediaType(catchAll) && comparable(answer) === comparable(catchAll);
}

function mediaType(exchange: ScanExchange): string {
  return (headerValue(exchange.response, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

function comparable({ request, response }: ScanExchange): string {
  const path = new URL(request.url).pathname;
  return response.body.split(path).join('{path}').replace(VOLATILE, '#');
}
