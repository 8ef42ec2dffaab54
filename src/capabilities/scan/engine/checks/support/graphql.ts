import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import type { GraphQLOperation } from '../../../../../engines/graphql/graphql-operations.js';
import { readGraphQLAnswer, type GraphQLAnswer } from '../../../../../engines/graphql/send-graphql.js';
import type { Identity } from '../../identity.js';
import type { FindingDraft, GraphQLScanContext } from '../../scan-context.js';
import type { ScanExchange, ScanRequest } from '../../scan-exchange.js';
import { sendProbe } from './probes.js';

const ACCEPT = 'application/graphql-response+json, application/json';

/** One GraphQL operation as a JSON POST to the endpoint (the scan's base URL): paced, counted and replayable as any probe. */
export function graphqlRequest(query: string, variables?: Record<string, unknown>): ScanRequest {
  return { method: 'POST', path: '', headers: { accept: ACCEPT }, body: { query, ...(variables && { variables }) } };
}

/** Several operations in one POST, as a JSON array: what a server that batches answers with an array. */
export function graphqlBatchRequest(calls: readonly GraphQLCall[]): ScanRequest {
  return { method: 'POST', path: '', headers: { accept: ACCEPT }, body: calls.map((call) => callRequest(call).body) };
}

/** Sends a GraphQL probe; undefined when it got no answer (sendProbe). */
export function sendGraphQLProbe(ctx: GraphQLScanContext, request: ScanRequest, identity: Identity | undefined): Promise<ScanExchange | undefined> {
  return sendProbe(ctx, request, identity);
}

export function answerOf(exchange: ScanExchange): GraphQLAnswer | undefined {
  return readGraphQLAnswer(exchange.response.body);
}

/** An answer with data for every root field asked and no error: the operation was executed as sent. */
export function answeredInFull(exchange: ScanExchange): boolean {
  const answer = answerOf(exchange);
  return exchange.response.status === 200 && !!answer?.data && (answer.errors ?? []).length === 0;
}

/** What a finding names: `query order`, the operation's kind and root field. */
export function operationOf(operation: GraphQLOperation): FindingDraft['operation'] {
  return { method: operation.kind, path: operation.name };
}

/** A finding about the endpoint as a whole (introspection, batching): `POST /graphql`. */
export function endpointOf(ctx: GraphQLScanContext): FindingDraft['operation'] {
  return { method: 'POST', path: new URL(ctx.graphql.endpoint).pathname };
}

/** The root field of an operation, as the schema declares it. */
export function rootField(ctx: GraphQLScanContext, operation: GraphQLOperation): GraphQLField<unknown, unknown> {
  const root = operation.kind === 'query' ? ctx.graphql.schema.getQueryType() : ctx.graphql.schema.getMutationType();
  return root!.getFields()[operation.name]!;
}

/** The queries: what a scan may send without changing data (mutations write, subscriptions do not answer a POST). */
export function queries(ctx: GraphQLScanContext): GraphQLOperation[] {
  return ctx.graphql.operations.filter((operation) => operation.kind === 'query');
}

/** ` { __typename }` under a field of an object, interface or union type: the least it can be asked for; nothing under a leaf. */
export function leastSelection(type: GraphQLOutputType): string {
  return isLeafType(getNamedType(type)) ? '' : ' { __typename }';
}

/** A root field called with a value for each required argument (`given` first), the values as variables. */
export interface GraphQLCall {
  /** `query($id: ID!)`: the operation's kind and its variables' declarations. */
  header: string;
  /** `order(id: $id) { __typename }`: the field, as many times as a probe repeats it. */
  field: string;
  variables: Record<string, unknown>;
}

/** The call's field once under its header: `query($id: ID!) { order(id: $id) { __typename } }`. */
export function queryOf(call: GraphQLCall, fields: string = call.field): string {
  return `${call.header} { ${fields} }`;
}

/** The root field called with `given` and a sample of every other required argument; its selection `selection`, else the least. */
export function callOf(ctx: GraphQLScanContext, operation: GraphQLOperation, given: Record<string, unknown> = {}, selection?: string): GraphQLCall {
  const field = rootField(ctx, operation);
  const args = field.args.filter((argument) => Object.hasOwn(given, argument.name) || isNonNullType(argument.type));
  const variables = Object.fromEntries(
    args.map((argument) => [argument.name, Object.hasOwn(given, argument.name) ? given[argument.name] : sampleValue(argument.type)]),
  );
  const declared = args.map((argument) => `$${argument.name}: ${String(argument.type)}`).join(', ');
  const passed = args.map((argument) => `${argument.name}: $${argument.name}`).join(', ');
  return {
    header: `${operation.kind}${declared ? `(${declared})` : ''}`,
    field: `${operation.name}${passed ? `(${passed})` : ''}${selection ?? leastSelection(field.type)}`,
    variables,
  };
}

/** The call as a request: its field once, its variables when it has any. */
export function callRequest(call: GraphQLCall, fields?: string): ScanRequest {
  return graphqlRequest(queryOf(call, fields), Object.keys(call.variables).length > 0 ? call.variables : undefined);
}

/** The arguments a probe may put a string into: those of type String or ID, required or not. */
export function textArguments(field: GraphQLField<unknown, unknown>): GraphQLArgument[] {
  return field.args.filter((argument) => {
    const type = getNullableType(argument.type);
    return isScalarType(type) && (type.name === 'String' || type.name === 'ID');
  });
}

/** A value the type takes: what fills a required argument the probe is not about. */
export function sampleValue(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sampleValue(inner.ofType)];
  if (isEnumType(inner)) return inner.getValues()[0]?.name ?? null;
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((field) => isNonNullType(field.type));
    return Object.fromEntries(fields.map((field) => [field.name, sampleValue(field.type)]));
  }
  if (isScalarType(inner)) return SCALAR_SAMPLES[inner.name] ?? 'a';
  return null;
}

const SCALAR_SAMPLES: Record<string, unknown> = { Int: 1, Float: 1, Boolean: true, ID: '1', String: 'a' };
