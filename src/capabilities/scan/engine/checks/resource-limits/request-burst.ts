import { HttpRequestError } from '../../../../../engines/http/http-request-error.js';
import type { SpecOperation } from '../../../../../engines/spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { FindingDraft, ScanContext } from '../../scan-context.js';
import type { ScanExchange, ScanRequest } from '../../scan-exchange.js';
import { reportApiWide } from '../support/api-wide-findings.js';
import { requiresAuth, sendProbe } from '../support/probes.js';
import { answeredWithData } from '../support/answers.js';

/** Requests sent at once: past any per-second limit an API sets, bounded all the same. */
const BURST_SIZE = 50;
/** GETs burst at most: limits are mostly API-wide, and an operation left out of one shows among a few. */
const MAX_OPERATIONS = 4;
/** Headers that say a rate limit exists, even one above the burst. */
const RATE_LIMIT_HEADER = /^(x-)?rate-?limit|^retry-after$/i;

/**
 * The plainest GETs that answer with data (no path parameters, then no query parameters; those in
 * `reported` last, as a scan keeps one finding per rule and operation), each sent BURST_SIZE times
 * at once: every copy answered 2xx with no 429 and no rate-limit header proves nothing limits how
 * fast a client calls it. Reported once when no operation burst is limited, else per operation.
 */
export async function probeRequestBurst(ctx: ScanContext, reported: readonly string[]): Promise<void> {
  const plainness = (operation: SpecOperation) =>
    Number(reported.includes(operation.id)) * 4 +
    Number(operation.path.includes('{')) * 2 +
    Number(operation.parameters.some((parameter) => parameter.in === 'query'));
  const reads = ctx.operations.filter((operation) => operation.method === 'GET').sort((a, b) => plainness(a) - plainness(b));
  const outcomes: Array<FindingDraft | undefined> = [];
  for (const operation of reads) {
    if (outcomes.length === MAX_OPERATIONS) break;
    const request = ctx.validRequest(operation);
    const identity = requiresAuth(operation) ? ctx.identities[0] : undefined;
    const first = request && (await sendProbe(ctx, request, identity));
    if (!request || !first || !answeredWithData(first.response)) continue;
    outcomes.push(await unlimitedBurst(ctx, operation, request, identity));
  }
  if (outcomes.length === 0) ctx.note('resource_limits: no rate-limit burst was sent: no GET answered with data');
  reportApiWide(ctx, outcomes);
}

async function unlimitedBurst(
  ctx: ScanContext,
  operation: SpecOperation,
  request: ScanRequest,
  identity: Identity | undefined,
): Promise<FindingDraft | undefined> {
  const burst = await sendBurst(
    ctx,
    Array.from({ length: BURST_SIZE }, () => request),
    identity,
  );
  if (!burst || burst.some(isLimited) || !burst.every((exchange) => answeredWithData(exchange.response))) return undefined;
  // The title names no operation, so that an API without any rate limit is reported once.
  return {
    severity: 'low',
    operation,
    title: `${BURST_SIZE} requests sent at once were all answered 2xx with data, none 429 and no rate-limit header: clients are not rate-limited`,
    exchange: burst.at(-1)!,
    replay: [
      { kind: 'repeat', label: `${BURST_SIZE} requests at once: every status counted, none 429`, exchange: burst.at(-1)!, count: BURST_SIZE, atOnce: true },
    ],
  };
}

/** The burst's answers; undefined when one got none (a connection dropped under load limits it too). */
async function sendBurst(ctx: ScanContext, requests: ScanRequest[], identity: Identity | undefined): Promise<ScanExchange[] | undefined> {
  try {
    return await ctx.burst(requests, identity);
  } catch (error) {
    if (error instanceof HttpRequestError && error.failure !== 'connection_refused' && error.failure !== 'dns') return undefined;
    throw error;
  }
}

function isLimited({ response }: ScanExchange): boolean {
  return response.status === 429 || Object.keys(response.headers).some((name) => RATE_LIMIT_HEADER.test(name));
}
