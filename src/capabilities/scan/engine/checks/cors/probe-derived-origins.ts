import type { FindingDraft, ScanContext } from '../../scan-context.js';
import { headerValue, type ScanRequest } from '../../scan-exchange.js';
import { reportApiWide } from '../support/api-wide-findings.js';
import type { ProbedOperation } from '../support/operations.js';
import { sendProbe } from '../support/probes.js';
import { type DerivedOrigin, derivedOrigins } from './derived-origins.js';
import { firstPartyOrigins } from './first-party-origins.js';

/** Paths the derived origins are tried on: a CORS policy is most often one for the whole API. */
const DERIVED_PATHS = 3;

/**
 * Learns an origin the API allows — the Access-Control-Allow-Origin it answers a first-party
 * origin with (firstPartyOrigins), sent on the first path — then sends the origins derived from it
 * (derivedOrigins) on the first few paths. Each one echoed is the proof: high with
 * Access-Control-Allow-Credentials: true, low without (a subdomain: only with). One finding for the
 * API when every path showed the same, else one per path.
 */
export async function probeDerivedOrigins(ctx: ScanContext, targets: readonly ProbedOperation[]): Promise<void> {
  const [first] = targets;
  if (!first) return;
  const candidates = firstPartyOrigins(
    ctx.spec.servers.map((server) => server.url),
    ctx.baseUrl,
  );
  const allowed = await allowedOrigin(ctx, first, candidates);
  if (!allowed) {
    ctx.note(`cors: none of ${candidates.join(', ')} is allowed, so no origin derived from an allowed one was tried`);
    return;
  }
  const origins = derivedOrigins(allowed);
  const outcomes: Array<FindingDraft | undefined> = [];
  for (const target of targets.slice(0, DERIVED_PATHS)) outcomes.push(await trustedDerivedOrigin(ctx, target, origins, allowed));
  reportApiWide(ctx, outcomes);
}

/** The first concrete origin (not `*`, not `null`) the API answers a first-party origin with. */
async function allowedOrigin(ctx: ScanContext, target: ProbedOperation, candidates: readonly string[]): Promise<string | undefined> {
  for (const origin of candidates) {
    const exchange = await sendProbe(ctx, withOrigin(target.request, origin), target.identity);
    const answered = exchange && headerValue(exchange.response, 'access-control-allow-origin')?.trim();
    if (answered && URL.parse(answered)?.origin === answered) return answered;
  }
  return undefined;
}

async function trustedDerivedOrigin(
  ctx: ScanContext,
  target: ProbedOperation,
  origins: readonly DerivedOrigin[],
  allowed: string,
): Promise<FindingDraft | undefined> {
  for (const { origin, why, onlyWithCredentials } of origins) {
    const exchange = await sendProbe(ctx, withOrigin(target.request, origin), target.identity);
    if (!exchange || headerValue(exchange.response, 'access-control-allow-origin')?.trim() !== origin) continue;
    const credentials = headerValue(exchange.response, 'access-control-allow-credentials')?.trim().toLowerCase() === 'true';
    if (onlyWithCredentials && !credentials) continue;
    return {
      severity: credentials ? 'high' : 'low',
      operation: { method: target.operation.method, path: target.operation.path },
      title: `Access-Control-Allow-Origin trusts ${origin}, ${why} (derived from the allowed ${allowed}), ${credentials ? 'with Access-Control-Allow-Credentials: true' : 'without credentials'}`,
      exchange,
      exposed: 'an origin derived from an allowed one',
    };
  }
  return undefined;
}

function withOrigin(request: ScanRequest, origin: string): ScanRequest {
  return { ...request, headers: { ...request.headers, origin } };
}
