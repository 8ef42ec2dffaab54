import type { GraphQLOperation } from '../../../../../engines/graphql/graphql-operations.js';
import type { GraphQLScanContext } from '../../scan-context.js';
import type { ScanExchange } from '../../scan-exchange.js';
import { answerOf, callOf, callRequest, operationOf, queries, rootField, sampleValue, sendGraphQLProbe, textArguments } from '../support/graphql.js';
import { databaseErrorIn, MAX_POINTS_PER_OPERATION } from '../support/injection.js';

/** Appended to an argument's value: each leaves a quote open. */
const UNBALANCED_PAYLOADS = ["'", `'"`, "1' OR '1'='1"];
/** Appended instead, to show that changing the value is not what breaks the query. */
const HARMLESS_SUFFIX = '1';
/** Queries probed at most. */
const MAX_QUERIES = 30;

/**
 * SQL injection through a GraphQL endpoint: each String or ID argument of each query, given a
 * value with a quote left open (as a variable, so the GraphQL document stays valid), brings back a
 * database error that the plain value and a harmless change of it do not. Mutations write and are
 * not probed.
 */
export async function probeGraphQLStringArguments(ctx: GraphQLScanContext): Promise<void> {
  const identity = ctx.identities[0];
  for (const operation of queries(ctx).slice(0, MAX_QUERIES)) {
    for (const argument of textArguments(rootField(ctx, operation)).slice(0, MAX_POINTS_PER_OPERATION)) {
      if (await probeArgument(ctx, operation, argument.name, String(sampleValue(argument.type)), identity)) break;
    }
  }
  if (ctx.graphql.operations.some((operation) => operation.kind === 'mutation')) ctx.note('sqli: the GraphQL mutations were not probed (they write)');
}

async function probeArgument(
  ctx: GraphQLScanContext,
  operation: GraphQLOperation,
  argument: string,
  value: string,
  identity: GraphQLScanContext['identities'][number] | undefined,
): Promise<boolean> {
  const send = (text: string) => sendGraphQLProbe(ctx, callRequest(callOf(ctx, operation, { [argument]: text })), identity);
  const normal = await send(value);
  if (!normal || databaseErrorOf(normal)) return false;
  for (const payload of UNBALANCED_PAYLOADS) {
    const exchange = await send(value + payload);
    const error = exchange && databaseErrorOf(exchange);
    if (!exchange || !error) continue;
    const control = await send(value + HARMLESS_SUFFIX);
    if (!control || databaseErrorOf(control)) return false;
    ctx.report({
      severity: 'high',
      operation: operationOf(operation),
      title: `A quote in the argument "${argument}" of ${operation.kind} ${operation.name} breaks the SQL query: HTTP ${exchange.response.status} with "${error}"`,
      exchange,
    });
    return true;
  }
  return false;
}

/** A database error in the answer's GraphQL error messages (read unescaped), else in its body (a 500's text). */
function databaseErrorOf(exchange: ScanExchange): string | undefined {
  const messages = answerOf(exchange)?.errors?.map((error) => error.message);
  return databaseErrorIn(messages ? messages.join('\n') : exchange.response.body);
}
