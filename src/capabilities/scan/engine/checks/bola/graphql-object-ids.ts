import { isDeepStrictEqual } from 'node:util';
import {
  getNamedType,
  getNullableType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from 'graphql';
import type { GraphQLOperation } from '../../../../../engines/graphql/graphql-operations.js';
import type { Identity } from '../../identity.js';
import { sendStep } from '../../replay/replay-step.js';
import type { GraphQLScanContext } from '../../scan-context.js';
import type { ScanExchange } from '../../scan-exchange.js';
import { answerOf, callOf, callRequest, operationOf, queries, rootField, sendGraphQLProbe } from '../support/graphql.js';

/** Selection sets under a root field when a user's own objects are gathered: deep enough for `me { orders { id } }`, shallow for a depth limit. */
const GATHER_LEVELS = 3;
/** Root fields with no required argument asked for each user's objects. */
const MAX_GATHERED = 10;

/** The ids each user's answers hold, by type name. */
type IdsByType = Map<string, Set<string>>;

/**
 * BOLA on a GraphQL endpoint: each user's own objects are the ids of a type its answers hold and
 * the other user's do not (`me { orders { id } }`); a query that takes an ID argument and returns
 * that type (`order(id:)`) is asked for one of them by its owner, then by the other user — and with
 * no credentials: the owner's object coming back to another proves it.
 */
export async function probeGraphQLObjectIds(ctx: GraphQLScanContext): Promise<void> {
  const users = ctx.identities.slice(0, 2);
  if (users.length < 2) return ctx.note("bola: two users are needed (--token NAME:TOKEN twice) to read one user's objects as the other");
  const gathered = await Promise.all(users.map((user) => gatherIds(ctx, user)));
  const readers = queries(ctx).filter((operation) => idArgument(ctx, operation) !== undefined);
  if (readers.length === 0) return ctx.note('bola: no query of the GraphQL schema takes an object id');
  for (const operation of readers) {
    for (const [index, owner] of users.entries()) {
      const other = users[1 - index]!;
      const type = getNamedType(rootField(ctx, operation).type).name;
      const own = [...(gathered[index]!.get(type) ?? [])].filter((id) => !gathered[1 - index]!.get(type)?.has(id));
      if (own[0] !== undefined && (await tryRead(ctx, operation, own[0], owner, other))) break;
    }
  }
}

/** Reads the owner's object as its owner, then as the other user and as no one; true when it reported. */
async function tryRead(ctx: GraphQLScanContext, operation: GraphQLOperation, id: string, owner: Identity, other: Identity): Promise<boolean> {
  const field = rootField(ctx, operation);
  const request = callRequest(callOf(ctx, operation, { [idArgument(ctx, operation)!]: id }, leafSelection(field.type)));
  const read = async (identity: Identity | undefined): Promise<{ exchange: ScanExchange; data: unknown } | undefined> => {
    const exchange = await sendGraphQLProbe(ctx, request, identity);
    const data = exchange && answerOf(exchange)?.data?.[operation.name];
    return exchange && data !== undefined && data !== null ? { exchange, data } : undefined;
  };
  const mine = await read(owner);
  if (!mine) return false;
  const theirs = await read(other);
  if (!theirs || !isDeepStrictEqual(theirs.data, mine.data)) return false;
  const anyone = await read(undefined);
  const anonymous = anyone !== undefined && isDeepStrictEqual(anyone.data, mine.data);
  const type = getNamedType(field.type).name;
  ctx.report({
    severity: 'high',
    operation: operationOf(operation),
    title: `${other.name} reads ${owner.name}'s ${type} ${id} with ${operation.name}(${idArgument(ctx, operation)}: "${id}")${anonymous ? ', as does a caller with no credentials' : ''}`,
    exchange: theirs.exchange,
    replay: [
      sendStep(`${owner.name} reads their own ${type}`, mine.exchange),
      sendStep(`${other.name} asks for the same id: ${owner.name}'s ${type} comes back`, theirs.exchange),
      ...(anonymous ? [sendStep('and so does a request with no credentials', anyone.exchange)] : []),
    ],
  });
  return true;
}

/** The query's argument of type ID (the object's id), when it has one and no other required one. */
function idArgument(ctx: GraphQLScanContext, operation: GraphQLOperation): string | undefined {
  const field = rootField(ctx, operation);
  const ids = field.args.filter((argument) => isIdType(getNullableType(argument.type)));
  const others = field.args.filter((argument) => !ids.includes(argument) && isNonNullType(argument.type));
  const named = getNamedType(field.type);
  return ids.length === 1 && others.length === 0 && (isObjectType(named) || isInterfaceType(named)) ? ids[0]!.name : undefined;
}

/** Each object type's ids that one user's answers hold: every query with no required argument, a few levels down. */
async function gatherIds(ctx: GraphQLScanContext, user: Identity): Promise<IdsByType> {
  const ids: IdsByType = new Map();
  const open = queries(ctx).filter((operation) => !rootField(ctx, operation).args.some((argument) => isNonNullType(argument.type)));
  for (const operation of open.slice(0, MAX_GATHERED)) {
    const selection = idSelection(rootField(ctx, operation).type, GATHER_LEVELS);
    if (selection === undefined) continue;
    const exchange = await sendGraphQLProbe(ctx, callRequest(callOf(ctx, operation, {}, selection)), user);
    collectIds(exchange && answerOf(exchange)?.data, ctx, ids);
  }
  return ids;
}

/** ` { __typename id orders { __typename id } }`: each object's type and ID fields, and its object fields with no required argument, `levels` deep. */
function idSelection(type: GraphQLOutputType, levels: number): string | undefined {
  const named = getNamedType(type);
  if (!isObjectType(named) && !isInterfaceType(named)) return undefined;
  const fields = Object.values(named.getFields()).filter((field) => !field.args.some((argument) => isNonNullType(argument.type)));
  const parts = ['__typename'];
  for (const field of fields) {
    if (isIdType(getNamedType(field.type))) parts.push(field.name);
    else if (levels > 1) {
      const below = idSelection(field.type, levels - 1);
      if (below !== undefined) parts.push(`${field.name}${below}`);
    }
  }
  return ` { ${parts.join(' ')} }`;
}

/** ` { __typename id status note }`: the object's own values, what another user should not read. */
function leafSelection(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (!isObjectType(named) && !isInterfaceType(named)) return '';
  const leaves = Object.values(named.getFields()).filter((field) => isLeafType(getNamedType(field.type)) && field.args.length === 0);
  return ` { __typename ${leaves.map((field) => field.name).join(' ')} }`;
}

/** Walks an answer: each object with a `__typename` adds its ID fields' values under its type. */
function collectIds(value: unknown, ctx: GraphQLScanContext, ids: IdsByType): void {
  if (Array.isArray(value)) return value.forEach((item) => collectIds(item, ctx, ids));
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  const type = typeof record.__typename === 'string' ? ctx.graphql.schema.getType(record.__typename) : undefined;
  const idFields =
    type && (isObjectType(type) || isInterfaceType(type)) ? Object.values(type.getFields()).filter((field) => isIdType(getNamedType(field.type))) : [];
  for (const field of idFields) {
    const id = record[field.name];
    if (typeof id === 'string' || typeof id === 'number') {
      const known = ids.get(type!.name) ?? new Set<string>();
      ids.set(type!.name, known.add(String(id)));
    }
  }
  for (const inner of Object.values(record)) collectIds(inner, ctx, ids);
}

function isIdType(type: GraphQLNamedType | ReturnType<typeof getNullableType>): boolean {
  return isScalarType(type) && type.name === 'ID';
}
