import type { FindingDraft, ScanContext } from '../scan-context.js';
import { headerValue, type ScanExchange, type ScanRequest } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { reportApiWide } from './support/api-wide-findings.js';
import { type ProbedOperation, probedOperations } from './support/operations.js';
import { sendProbe } from './support/probes.js';
import { probeDerivedOrigins } from './cors/probe-derived-origins.js';
import { mapAtOnce } from './support/each-at-once.js';

const EVIL_ORIGIN = 'https://evil.example';
const FOREIGN_ORIGINS = [EVIL_ORIGIN, 'null'];
/** Paths probed at most: enough to meet a route with CORS of its own, few requests in all. */
const MAX_PATHS = 12;

/**
 * API8: each GET path (its valid request, as the first identity) is sent with a foreign Origin, then
 * `Origin: null`, then a preflight OPTIONS. An Access-Control-Allow-Origin that echoes the origin is
 * the proof: high with Access-Control-Allow-Credentials: true (a page anywhere reads the user's
 * data), medium when only the preflight echoes it (the answer itself may still not be readable),
 * low without credentials. `*` is not reported: browsers never send credentials to it. Then, on the
 * first paths that echoed neither, the origins derived from one the API allows (prefix, suffix,
 * scheme, port and subdomain variants: probeDerivedOrigins), high when echoed with credentials.
 */
export const corsCheck: SecurityCheck = {
  title: "CORS trusts origins that are not the API's",
  owasp: 'API8:2023',
  cwe: 'CWE-942',
  proof:
    'an arbitrary Origin, or one derived from an origin the API allows (a look-alike name, plain http, another port, a subdomain), is reflected in Access-Control-Allow-Origin together with Access-Control-Allow-Credentials: true',
  remediation:
    'Allow only the origins you trust, from a fixed list compared whole (scheme, host and port); never reflect the Origin header, nor match it by prefix or suffix, with credentials.',
  runOrder: 20,
  async run(ctx) {
    const targets = oneGetPerPath(probedOperations(ctx));
    if (targets.length === 0) {
      ctx.note('cors: no GET operation has a valid request to send');
      return;
    }
    const outcomes = await mapAtOnce(ctx, targets, (target, ctx) => probeCors(ctx, target));
    reportApiWide(ctx, outcomes);
    // Where a GET echoes any origin, it echoes those derived from an allowed one too: they would prove nothing more.
    await probeDerivedOrigins(
      ctx,
      targets.filter((_target, index) => outcomes[index]?.exchange.request.method !== 'GET'),
    );
  },
};

async function probeCors(ctx: ScanContext, target: ProbedOperation): Promise<FindingDraft | undefined> {
  for (const origin of FOREIGN_ORIGINS) {
    const exchange = await sendProbe(ctx, withHeaders(target.request, { origin }), target.identity);
    const draft = exchange && reflectionDraft(target, exchange, origin);
    if (draft) return draft;
  }
  // A browser sends a preflight without credentials, so this one goes without them too.
  const preflight = withHeaders(
    { method: 'OPTIONS', path: target.request.path, ...(target.request.pathParams && { pathParams: target.request.pathParams }) },
    { origin: EVIL_ORIGIN, 'access-control-request-method': target.operation.method, 'access-control-request-headers': 'authorization, content-type' },
  );
  const exchange = await sendProbe(ctx, preflight, undefined);
  return exchange && reflectionDraft(target, exchange, EVIL_ORIGIN, ' in a preflight');
}

function reflectionDraft(target: ProbedOperation, exchange: ScanExchange, origin: string, where = ''): FindingDraft | undefined {
  if (headerValue(exchange.response, 'access-control-allow-origin')?.trim() !== origin) return undefined;
  const credentials = headerValue(exchange.response, 'access-control-allow-credentials')?.trim().toLowerCase() === 'true';
  return {
    severity: !credentials ? 'low' : where ? 'medium' : 'high',
    operation: { method: target.operation.method, path: target.operation.path },
    title: `Access-Control-Allow-Origin echoes Origin: ${origin}${where}, ${credentials ? 'with Access-Control-Allow-Credentials: true' : 'without credentials'}`,
    exchange,
  };
}

function oneGetPerPath(operations: readonly ProbedOperation[]): ProbedOperation[] {
  const byPath = new Map<string, ProbedOperation>();
  for (const target of operations) if (target.operation.method === 'GET' && !byPath.has(target.operation.path)) byPath.set(target.operation.path, target);
  return [...byPath.values()].slice(0, MAX_PATHS);
}

function withHeaders(request: ScanRequest, headers: Record<string, string>): ScanRequest {
  return { ...request, headers: { ...request.headers, ...headers } };
}
