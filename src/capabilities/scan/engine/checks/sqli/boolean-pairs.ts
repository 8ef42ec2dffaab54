import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange, ScanResponse } from '../../scan-exchange.js';
import { type InjectionPoint, type NormalAnswer, pointLabel, withValue } from '../support/injection.js';
import type { ProbedOperation } from '../support/operations.js';
import { sendProbe } from '../support/probes.js';
import { describeAnswer, sameAnswer } from './answer-difference.js';
import type { BlindProof } from './blind-proof.js';

/** A condition appended to a value, true and false, in the quoting a value can need: inside a string, a string closed by a comment, a number. */
const CONDITION_PAIRS: ReadonlyArray<{ truthy: string; falsy: string }> = [
  { truthy: "' AND '1'='1", falsy: "' AND '1'='2" },
  { truthy: "' AND 1=1-- -", falsy: "' AND 1=2-- -" },
  { truthy: ' AND 1=1', falsy: ' AND 1=2' },
];

/**
 * Appends a true and a false SQL condition to each point's value: the true one answered exactly as
 * the valid request is, the false one otherwise, and both the same again when repeated, prove the
 * database evaluates the condition. An answer that differs by itself between the repeats is no proof.
 */
export async function findBooleanPair(
  ctx: ScanContext,
  target: ProbedOperation,
  normal: NormalAnswer,
  points: readonly InjectionPoint[],
): Promise<BlindProof | undefined> {
  const original = normal.exchanges[0]!.response;
  for (const point of points) {
    for (const pair of CONDITION_PAIRS) {
      const first = await conditionAnswers(ctx, target, point, pair, original);
      if (!first) continue;
      const repeat = await conditionAnswers(ctx, target, point, pair, original);
      if (!repeat || !sameAnswer(repeat.falsy.response, first.falsy.response)) continue;
      return {
        title: `The SQL condition sent in the ${pointLabel(point)} decides the answer, twice: ${point.value}${pair.truthy} answers as ${point.value} does (${describeAnswer(original)}), ${point.value}${pair.falsy} answers ${describeAnswer(first.falsy.response)}`,
        exchange: first.truthy,
        followUp: first.falsy,
      };
    }
  }
  return undefined;
}

async function conditionAnswers(
  ctx: ScanContext,
  target: ProbedOperation,
  point: InjectionPoint,
  pair: { truthy: string; falsy: string },
  original: ScanResponse,
): Promise<{ truthy: ScanExchange; falsy: ScanExchange } | undefined> {
  const truthy = await sendProbe(ctx, withValue(target.request, point, point.value + pair.truthy), target.identity);
  if (!truthy || !sameAnswer(truthy.response, original)) return undefined;
  const falsy = await sendProbe(ctx, withValue(target.request, point, point.value + pair.falsy), target.identity);
  return falsy && !sameAnswer(falsy.response, original) ? { truthy, falsy } : undefined;
}
