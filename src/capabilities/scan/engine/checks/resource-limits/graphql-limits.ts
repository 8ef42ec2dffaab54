import { getNamedType, isInterfaceType, isNonNullType, isObjectType, type GraphQLOutputType } from 'graphql';
import type { GraphQLOperation } from '../../../../../engines/graphql/graphql-operations.js';
import type { Identity } from '../../identity.js';
import type { GraphQLScanContext } from '../../scan-context.js';
import type { ScanExchange } from '../../scan-exchange.js';
import {
  answeredInFull,
  callOf,
  callRequest,
  endpointOf,
  type GraphQLCall,
  graphqlBatchRequest,
  operationOf,
  queries,
  rootField,
  sendGraphQLProbe,
} from '../support/graphql.js';

/** Selection sets in the deep query: twice what a server that limits depth usually allows (5 to 7). */
export const PROBE_DEPTH = 12;
/** Aliases of one field in a request; servers that limit them allow 10 to 30. */
export const PROBE_ALIASES = 50;
/** The same field asked this many times, unaliased: a query's width, which a cost limit bounds. */
export const PROBE_WIDTH = 100;
/** Operations in one batched request. */
export const PROBE_BATCH = 10;

/** A query the endpoint answers in full with its least selection, and who asked it: what the probes multiply. */
interface CheapCall {
  operation: GraphQLOperation;
  call: GraphQLCall;
  identity: Identity | undefined;
}

/**
 * API4 on a GraphQL endpoint, judged by the shape of a request alone: a query nested
 * PROBE_DEPTH levels deep, PROBE_ALIASES aliases of one field, PROBE_WIDTH fields, and PROBE_BATCH
 * operations batched in one POST, each answered in full — data and no error — where a limit
 * would refuse it.
 */
export async function probeGraphQLLimits(ctx: GraphQLScanContext): Promise<void> {
  const cheap = await cheapCall(ctx);
  if (!cheap) return ctx.note('resource_limits: no query of the schema was answered without an error, to build the GraphQL probes from');
  await probeDepth(ctx, cheap);
  const { operation, call, identity } = cheap;
  const aliased = Array.from({ length: PROBE_ALIASES }, (_, index) => `a${index}: ${call.field}`).join(' ');
  const aliases = await sendGraphQLProbe(ctx, callRequest(call, aliased), identity);
  if (aliases && answeredInFull(aliases)) {
    ctx.report({
      severity: 'medium',
      operation: operationOf(operation),
      title: `${PROBE_ALIASES} aliases of ${operation.name} in one query are all answered: no alias limit`,
      exchange: aliases,
      exposed: 'aliases',
    });
  }
  const width = await sendGraphQLProbe(ctx, callRequest(call, Array(PROBE_WIDTH).fill(call.field).join(' ')), identity);
  if (width && answeredInFull(width)) {
    ctx.report({
      severity: 'medium',
      operation: operationOf(operation),
      title: `A query asking for ${operation.name} ${PROBE_WIDTH} times is answered in full: no width or cost limit`,
      exchange: width,
      exposed: 'width',
    });
  }
  const batch = await sendGraphQLProbe(ctx, graphqlBatchRequest(Array(PROBE_BATCH).fill(call)), identity);
  const answered = batch && batchAnswers(batch);
  if (batch && answered === PROBE_BATCH) {
    ctx.report({
      severity: 'medium',
      operation: endpointOf(ctx),
      title: `${PROBE_BATCH} operations batched in one request are all answered: no batch limit`,
      exchange: batch,
      exposed: 'batching',
    });
  }
}

/** The first query answered in full with its least selection (the first user's, else anyone's). */
async function cheapCall(ctx: GraphQLScanContext): Promise<CheapCall | undefined> {
  const identity = ctx.identities[0];
  for (const operation of queries(ctx).slice(0, 5)) {
    const call = callOf(ctx, operation);
    const exchange = await sendGraphQLProbe(ctx, callRequest(call), identity);
    if (exchange && answeredInFull(exchange)) return { operation, call, identity };
  }
  return undefined;
}

/** The cheap query made PROBE_DEPTH levels deep through the schema's object fields, else another query that can be. */
async function probeDepth(ctx: GraphQLScanContext, cheap: CheapCall): Promise<void> {
  const others = queries(ctx).filter((operation) => operation !== cheap.operation);
  for (const operation of [cheap.operation, ...others]) {
    const nested = deepSelection(rootField(ctx, operation).type, PROBE_DEPTH - 1, new Map());
    if (nested === undefined) continue;
    const exchange = await sendGraphQLProbe(ctx, callRequest(callOf(ctx, operation, {}, nested)), cheap.identity);
    if (exchange && answeredInFull(exchange)) {
      ctx.report({
        severity: 'medium',
        operation: operationOf(operation),
        title: `A query ${PROBE_DEPTH} levels deep is answered in full: no depth limit`,
        exchange,
        exposed: 'depth',
      });
    }
    return;
  }
  ctx.note('resource_limits: the schema has no object field nested deep enough for the GraphQL depth probe');
}

/**
 * ` { author { books { … { __typename } } } }`: `levels` selection sets under a field of `type`,
 * through fields with no required argument; undefined when the schema nests no deeper.
 */
function deepSelection(type: GraphQLOutputType, levels: number, tried: Map<string, string | undefined>): string | undefined {
  const named = getNamedType(type);
  if (!isObjectType(named) && !isInterfaceType(named)) return undefined;
  if (levels === 1) return ' { __typename }';
  const key = `${named.name}:${levels}`;
  if (tried.has(key)) return tried.get(key);
  tried.set(key, undefined);
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((argument) => isNonNullType(argument.type))) continue;
    const below = deepSelection(field.type, levels - 1, tried);
    if (below === undefined) continue;
    tried.set(key, ` { ${field.name}${below} }`);
    break;
  }
  return tried.get(key);
}

/** How many operations of a batch were answered with data and no error. */
function batchAnswers(exchange: ScanExchange): number {
  if (exchange.response.status !== 200) return 0;
  let answers: unknown;
  try {
    answers = JSON.parse(exchange.response.body);
  } catch {
    return 0;
  }
  if (!Array.isArray(answers)) return 0;
  return answers.filter((answer) => {
    const { data, errors } = (answer ?? {}) as { data?: unknown; errors?: unknown };
    return !!data && !(Array.isArray(errors) && errors.length > 0);
  }).length;
}
