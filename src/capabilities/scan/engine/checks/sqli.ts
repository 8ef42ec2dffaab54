import type { ScanContext } from '../scan-context.js';
import type { SecurityCheck } from '../security-check.js';
import { databaseErrorIn, type InjectionPoint, injectionTargets, pointLabel, withValue, type NormalAnswer, normalAnswer } from './support/injection.js';
import type { ProbedOperation } from './support/operations.js';
import { sendProbe } from './support/probes.js';
import { type SleepPayload, findSleepInjection, sleepTimings } from './support/sleep-injection.js';
import { isSuccess } from './support/answers.js';
import { isStable } from './sqli/answer-difference.js';
import type { BlindProof } from './sqli/blind-proof.js';
import { findBooleanPair } from './sqli/boolean-pairs.js';
import { findBreakingQuote } from './sqli/blind-quote.js';
import { findSortInjection } from './sqli/sort-injection.js';
import { probeGraphQLStringArguments } from './sqli/graphql-string-arguments.js';
import { eachAtOnce } from './support/each-at-once.js';

/** Appended to a value: each leaves a quote open, in a string or in a number. */
const UNBALANCED_PAYLOADS = ["'", `'"`, "1' OR '1'='1"];
/** Appended to a value, to close its string and sleep; SQLite has no sleep, so it is proven by its errors alone. */
const SLEEP_PAYLOADS: readonly SleepPayload[] = [
  { label: 'MySQL SLEEP()', text: (seconds) => `' OR SLEEP(${seconds})-- -` },
  { label: 'PostgreSQL pg_sleep()', text: (seconds) => `'; SELECT pg_sleep(${seconds})--` },
  { label: 'SQL Server WAITFOR DELAY', text: (seconds) => `'; WAITFOR DELAY '0:0:${seconds}'--` },
];
/** Appended to a value to show that changing it is not what breaks the query. */
const HARMLESS_SUFFIX = '1';

/**
 * SQL injection: a database error that a quote in a value brings back and the valid request does
 * not (high); else, blind, a difference that follows the SQL sent, twice (high): a quote that breaks
 * the answer and a doubled one that mends it, a true condition answered as the valid request and a
 * false one otherwise, a sort value whose CASE WHEN 1=1 and 1=2 order the list differently; a sleep
 * the database runs for as long as a payload asks, twice (critical).
 */
export const sqliCheck: SecurityCheck = {
  title: 'SQL injection',
  owasp: 'API8:2023',
  cwe: 'CWE-89',
  proof:
    'a quote in a parameter brings back a database error; or, twice, a quote answers 5xx and a doubled quote 2xx, a true condition answers as the valid request and a false one otherwise, or CASE WHEN 1=1 and 1=2 in a sort parameter order the list differently; or a sleep payload delays the answer by its length, twice, beyond the normal time; on a GraphQL endpoint, a quote in a String or ID argument of a query brings back a database error',
  remediation: 'Use parameterized queries or an ORM for every query; never build SQL from request values.',
  runOrder: 140,
  runGraphQL: probeGraphQLStringArguments,
  async run(ctx) {
    await eachAtOnce(ctx, injectionTargets(ctx), async ({ target, points }, ctx) => {
      const normal = await normalAnswer(ctx, target, 3);
      if (!normal) return;
      if (!(await reportDatabaseError(ctx, target, normal, points))) await reportBlindInjection(ctx, target, normal, points);
      const proof = await findSleepInjection(ctx, 'sqli', target, normal, points, SLEEP_PAYLOADS);
      if (proof) {
        ctx.report({
          severity: 'critical',
          operation: target.operation,
          title: `The database runs SQL sent in the ${pointLabel(proof.point)} (${proof.payload.label}): ${sleepTimings(proof)}`,
          exchange: proof.exchange,
        });
      }
    });
  },
};

/** Reports the first blind proof of the operation, the condition evaluated first, when its valid request is answered 2xx, the same each time. */
async function reportBlindInjection(ctx: ScanContext, target: ProbedOperation, normal: NormalAnswer, points: readonly InjectionPoint[]): Promise<void> {
  if (!isSuccess(normal.exchanges[0]!.response.status) || !isStable(normal.exchanges)) return;
  const proof: BlindProof | undefined =
    (await findBooleanPair(ctx, target, normal, points)) ??
    (await findSortInjection(ctx, target, normal, points)) ??
    (await findBreakingQuote(ctx, target, points));
  if (proof) ctx.report({ severity: 'high', operation: target.operation, ...proof });
}

/** Reports the first point where a quote brings back a database error that neither the valid value nor a harmless change of it does. */
async function reportDatabaseError(ctx: ScanContext, target: ProbedOperation, normal: NormalAnswer, points: readonly InjectionPoint[]): Promise<boolean> {
  if (normal.exchanges.some((exchange) => databaseErrorIn(exchange.response.body))) return false;
  for (const point of points) {
    for (const payload of UNBALANCED_PAYLOADS) {
      const exchange = await sendProbe(ctx, withValue(target.request, point, point.value + payload), target.identity);
      const error = exchange && databaseErrorIn(exchange.response.body);
      if (!exchange || !error) continue;
      const control = await sendProbe(ctx, withValue(target.request, point, point.value + HARMLESS_SUFFIX), target.identity);
      if (!control || databaseErrorIn(control.response.body)) break;
      ctx.report({
        severity: 'high',
        operation: target.operation,
        title: `A quote in the ${pointLabel(point)} breaks the SQL query: HTTP ${exchange.response.status} with "${error}"`,
        exchange,
      });
      return true;
    }
  }
  return false;
}
