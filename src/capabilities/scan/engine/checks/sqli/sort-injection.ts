import type { ScanContext } from '../../scan-context.js';
import { jsonBody, type ScanExchange, type ScanResponse } from '../../scan-exchange.js';
import { isSuccess, type JsonRecord, recordsIn } from '../support/answers.js';
import { type InjectionPoint, type NormalAnswer, pointLabel, withValue } from '../support/injection.js';
import type { ProbedOperation } from '../support/operations.js';
import { sendProbe } from '../support/probes.js';
import { sameAnswer } from './answer-difference.js';
import type { BlindProof } from './blind-proof.js';

/** A query parameter that names what a list is ordered by. */
const SORT_PARAMETER = /^(sort|sort_?by|order|order_?by|ordering|sort_?field|sort_?column)$/i;
/** A column name as a sort parameter's valid value holds one. */
const COLUMN = /^[A-Za-z_][\w.]{0,63}$/;
/** Other columns tried as the ELSE branch, at most. */
const MAX_OTHER_COLUMNS = 3;

/**
 * A sort parameter whose value is pasted into ORDER BY: `CASE WHEN 1=1 THEN <its value> ELSE <another
 * field of the records> END` orders the list as the valid request does, and `CASE WHEN 1=2 …` in
 * another order of the same records, and both the same again when repeated.
 */
export async function findSortInjection(
  ctx: ScanContext,
  target: ProbedOperation,
  normal: NormalAnswer,
  points: readonly InjectionPoint[],
): Promise<BlindProof | undefined> {
  const original = normal.exchanges[0]!.response;
  const records = recordsIn(jsonBody(original));
  if (records.length < 2) return undefined;
  for (const point of points.filter((candidate) => candidate.in === 'query' && SORT_PARAMETER.test(candidate.name) && COLUMN.test(candidate.value))) {
    for (const column of otherColumns(records, point.value)) {
      const first = await caseAnswers(ctx, target, point, column, original);
      if (!first) continue;
      const repeat = await caseAnswers(ctx, target, point, column, original);
      if (!repeat || !sameAnswer(repeat.falsy.response, first.falsy.response)) continue;
      return {
        title: `The ${pointLabel(point)} is pasted into ORDER BY, twice: ${caseWhen('1=1', point.value, column)} orders the list as ${point.value} does, ${caseWhen('1=2', point.value, column)} orders the same ${records.length} items otherwise`,
        exchange: first.truthy,
        followUp: first.falsy,
      };
    }
  }
  return undefined;
}

function caseWhen(condition: string, then: string, otherwise: string): string {
  return `(CASE WHEN ${condition} THEN ${then} ELSE ${otherwise} END)`;
}

/** The records' scalar fields, other than the sort value, by which the records would come in another order than they do. */
function otherColumns(records: readonly JsonRecord[], sortedBy: string): string[] {
  const first = records[0]!;
  return Object.keys(first)
    .filter((key) => key !== sortedBy && COLUMN.test(key) && records.every((record) => isScalar(record[key])))
    .filter((key) => !inOrderOf(records, key))
    .slice(0, MAX_OTHER_COLUMNS);
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

/** The records are already in the ascending order of `key` (so ordering by it would change nothing). */
function inOrderOf(records: readonly JsonRecord[], key: string): boolean {
  return records.every((record, index) => index === 0 || compare(records[index - 1]![key], record[key]) <= 0);
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

async function caseAnswers(
  ctx: ScanContext,
  target: ProbedOperation,
  point: InjectionPoint,
  column: string,
  original: ScanResponse,
): Promise<{ truthy: ScanExchange; falsy: ScanExchange } | undefined> {
  const truthy = await sendProbe(ctx, withValue(target.request, point, caseWhen('1=1', point.value, column)), target.identity);
  if (!truthy || !sameAnswer(truthy.response, original)) return undefined;
  const falsy = await sendProbe(ctx, withValue(target.request, point, caseWhen('1=2', point.value, column)), target.identity);
  return falsy && isReordered(original, falsy.response) ? { truthy, falsy } : undefined;
}

/** The same records, in another order. */
function isReordered(original: ScanResponse, other: ScanResponse): boolean {
  if (!isSuccess(other.status)) return false;
  const before = recordsIn(jsonBody(original)).map((record) => JSON.stringify(record));
  const after = recordsIn(jsonBody(other)).map((record) => JSON.stringify(record));
  if (before.length !== after.length || before.join('\n') === after.join('\n')) return false;
  return [...before].sort().join('\n') === [...after].sort().join('\n');
}
