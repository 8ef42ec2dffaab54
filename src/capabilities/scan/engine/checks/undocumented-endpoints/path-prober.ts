import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange, ScanRequest, ScanResponse } from '../../scan-exchange.js';
import { sendProbe } from '../support/probes.js';
import { catchAllAnswer, isCatchAllAnswer } from './catch-all-answer.js';

/** An answer that proves the path is there for whoever it was sent as. */
export interface ProbeAnswer {
  exchange: ScanExchange;
  /** Who got it; undefined: a caller with no credentials. */
  identity: Identity | undefined;
}

/** The kind of answer a probe is after: content at a path, a method accepted… */
export type Accepts = (response: ScanResponse) => boolean;

/**
 * Sends undocumented_endpoints' probes: without credentials, then as the first user only where the
 * path refused that (401, 403, a redirect to a login) — as the user at once when the API refuses
 * a caller without credentials everywhere, a path that does not exist included. An answer counts when
 * `accepts` takes it and it is not what the same method gets, as the same caller, on a path no API
 * has (a catch-all's). One catch-all request per method and caller, sent when first needed.
 * Probes run side by side, but each method's first alone: what it learns (the API refuses every
 * caller without credentials) spares the others their request without credentials.
 */
export class PathProber {
  private readonly catchAlls = new Map<string, Promise<ScanExchange | undefined>>();
  /** Methods the API refuses to a caller without credentials on any path. */
  private readonly refusedAnonymously = new Set<string>();
  /** Each method's first probe, which the others wait for. */
  private readonly firstProbes = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: ScanContext) {}

  async probe(request: ScanRequest, accepts: Accepts): Promise<ProbeAnswer | undefined> {
    const first = this.firstProbes.get(request.method);
    if (first) {
      await first;
      return this.probeNow(request, accepts);
    }
    const probing = this.probeNow(request, accepts);
    this.firstProbes.set(
      request.method,
      probing.catch(() => undefined),
    );
    return probing;
  }

  private async probeNow(request: ScanRequest, accepts: Accepts): Promise<ProbeAnswer | undefined> {
    const user = this.ctx.identities[0];
    if (!user || !this.refusedAnonymously.has(request.method)) {
      const anonymous = await this.answerOf(request, undefined, accepts);
      if (anonymous.proof) return anonymous.proof;
      if (!user || !anonymous.refused) return undefined;
      const catchAll = await this.catchAll(request.method, undefined);
      if (catchAll && isRefusal(catchAll.response)) this.refusedAnonymously.add(request.method);
    }
    return (await this.answerOf(request, user, accepts)).proof;
  }

  private async answerOf(request: ScanRequest, identity: Identity | undefined, accepts: Accepts): Promise<{ proof?: ProbeAnswer; refused: boolean }> {
    const exchange = await sendProbe(this.ctx, request, identity);
    if (!exchange) return { refused: false };
    if (accepts(exchange.response) && !isCatchAllAnswer(exchange, await this.catchAll(request.method, identity)))
      return { proof: { exchange, identity }, refused: false };
    return { refused: isRefusal(exchange.response) };
  }

  private catchAll(method: string, identity: Identity | undefined): Promise<ScanExchange | undefined> {
    const key = `${method} ${identity?.name ?? ''}`;
    let answer = this.catchAlls.get(key);
    if (!answer) this.catchAlls.set(key, (answer = catchAllAnswer(this.ctx, identity, method)));
    return answer;
  }
}

/** Refused for want of credentials: 401, 403, or sent to a login. */
function isRefusal(response: ScanResponse): boolean {
  return response.status === 401 || response.status === 403 || (response.status >= 300 && response.status < 400);
}
