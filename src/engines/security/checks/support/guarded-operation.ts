import type { SpecOperation } from '../../../spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange, ScanRequest } from '../../scan-exchange.js';
import { requiresAuth } from './requires-auth.js';
import { answeredWithData, sameData } from './same-data.js';
import { sendProbe } from './send-probe.js';
import { withCredentials } from './with-credentials.js';

/** Operations tried at most: each costs two requests. */
const MAX_TRIES = 20;

/** A read operation that proves a token's worth: it answers the identity with data and refuses the same request without credentials. */
export interface GuardedOperation {
  operation: SpecOperation;
  request: ScanRequest;
  /** The identity's own answer, 2xx with data: what an accepted token gets. */
  answer: ScanExchange;
}

/**
 * The GETs the spec puts behind authentication (those without path parameters first: a list or
 * `/me` answers whoever asks) that answer the identity with data and refuse the request without
 * credentials, one by one as they are found: a forged token such an operation accepts was
 * accepted as a token, not ignored.
 */
export async function* guardedOperations(ctx: ScanContext, identity: Identity): AsyncGenerator<GuardedOperation> {
  const candidates = ctx.operations
    .filter((operation) => operation.method === 'GET' && requiresAuth(operation))
    .sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));
  let tries = 0;
  for (const operation of candidates) {
    const request = ctx.validRequest(operation);
    if (!request) continue;
    if (tries++ === MAX_TRIES) return;
    const answer = await sendProbe(ctx, request, identity);
    if (!answer || !answeredWithData(answer.response)) continue;
    const anonymous = await sendProbe(ctx, withCredentials(request, operation, ctx.spec, identity), undefined);
    if (anonymous && !sameData(answer.response, anonymous.response)) yield { operation, request, answer };
  }
}
