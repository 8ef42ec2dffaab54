import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange } from '../../scan-exchange.js';
import { isSuccess } from '../support/answers.js';
import { type InjectionPoint, pointLabel, withValue } from '../support/injection.js';
import type { ProbedOperation } from '../support/operations.js';
import { sendProbe } from '../support/probes.js';
import type { BlindProof } from './blind-proof.js';

/**
 * A quote appended to the value answers 5xx while the same value with the quote doubled (the SQL
 * escape of a quote) answers 2xx, and so again when both are repeated: the value closes a string
 * literal in SQL. Proven without any error text.
 */
export async function findBreakingQuote(ctx: ScanContext, target: ProbedOperation, points: readonly InjectionPoint[]): Promise<BlindProof | undefined> {
  for (const point of points) {
    const pair = await quotePair(ctx, target, point);
    if (!pair) continue;
    const repeat = await quotePair(ctx, target, point);
    if (!repeat) continue;
    return {
      title: `A quote in the ${pointLabel(point)} breaks the request and a doubled quote mends it, twice, with no error text: ${point.value}' answers HTTP ${pair.broken.response.status}, ${point.value}'' answers HTTP ${pair.mended.response.status}`,
      exchange: pair.broken,
      followUp: pair.mended,
    };
  }
  return undefined;
}

async function quotePair(
  ctx: ScanContext,
  target: ProbedOperation,
  point: InjectionPoint,
): Promise<{ broken: ScanExchange; mended: ScanExchange } | undefined> {
  const broken = await sendProbe(ctx, withValue(target.request, point, `${point.value}'`), target.identity);
  if (!broken || broken.response.status < 500) return undefined;
  const mended = await sendProbe(ctx, withValue(target.request, point, `${point.value}''`), target.identity);
  return mended && isSuccess(mended.response.status) ? { broken, mended } : undefined;
}
