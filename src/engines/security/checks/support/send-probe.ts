import { HttpRequestError } from '../../../http/http-request-error.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange, ScanRequest } from '../../scan-exchange.js';

/**
 * Sends a probe; undefined when it got no answer (a timeout, a connection dropped, a malformed
 * response): evidence for nothing, and the next probe may fare better. A target that refuses
 * connections or no longer resolves is gone: that still throws.
 */
export async function sendProbe(ctx: ScanContext, request: ScanRequest, identity: Identity | undefined): Promise<ScanExchange | undefined> {
  try {
    return await ctx.send(request, identity);
  } catch (error) {
    if (error instanceof HttpRequestError && error.failure !== 'connection_refused' && error.failure !== 'dns') return undefined;
    throw error;
  }
}
