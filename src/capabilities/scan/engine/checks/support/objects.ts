import { fieldOf, type JsonRecord, recordsIn, isSuccess } from './answers.js';
import { pathParameterNames } from '../../../../../engines/testing/path-template.js';
import { bodiesAt, type OwnView, profileValue } from './users.js';
import { type PathValues, plainRequest, sendProbe } from './probes.js';
import type { SpecOperation, FalconSpec, JsonSchema } from '../../../../../engines/spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import { headerValue, jsonBody, type ScanExchange } from '../../scan-exchange.js';
import { asObject, asArray } from '../../../../../engines/spec/json-values.js';
import { flattenSchema } from '../../../../../engines/testing/generate/schema-shape.js';
import { administrativeReason, isAuthPath, isConsequentialPath, readsByName } from './operations.js';

/** An object an identity was seen to have, with what it was seen to hold. */
export interface OwnedObject {
  id: string | number;
  /** The record its listing (or the identity's profile) showed. */
  record: JsonRecord;
  /** Every path parameter of the target's path: the object's id and the owner's values for the rest. */
  pathValues: PathValues;
  /** `profile`: the identity's own account; `listing`: an object its listing of the collection showed. */
  source: 'profile' | 'listing';
  /** The create that made it, when the scan did: a replay makes it again first. */
  createdBy?: ScanExchange;
}

/**
 * The target's objects the identity was seen to have: the ones its own listing of the collection
 * shows (`GET /orders` as that user for `/orders/{orderId}`), and its own account when the target is
 * a user (`/users/{id}`, `/users/{username}/wishlist`).
 */
export function ownedObjects(view: OwnView, target: ObjectTarget, path: string): OwnedObject[] {
  const objects: OwnedObject[] = [];
  const own = profileValue(view, target.parameter, path);
  if (own !== undefined && view.profile) objects.push(...located(view, path, target, own, view.profile, 'profile'));
  for (const record of bodiesAt(view, target.collection).flatMap(recordsIn)) {
    const id = identifierIn(record, target);
    if (id !== undefined && !objects.some((object) => String(object.id) === String(id))) objects.push(...located(view, path, target, id, record, 'listing'));
  }
  return objects;
}

/**
 * The objects `owner` has that none of `others` was seen to have too: an object every user lists
 * (a product, a public post) belongs to no one. An account is its user's alone, whoever lists it.
 */
export function exclusiveObjects(owner: OwnView, others: readonly OwnView[], target: ObjectTarget, path: string): OwnedObject[] {
  const theirs = others.flatMap((other) => ownedObjects(other, target, path));
  return ownedObjects(owner, target, path).filter(
    (object) => !theirs.some((their) => String(their.id) === String(object.id) && (object.source === 'listing' || their.source === 'profile')),
  );
}

/** The object with its path values: the rest of the path's parameters from the owner's profile or the record. */
function located(view: OwnView, path: string, target: ObjectTarget, id: string | number, record: JsonRecord, source: OwnedObject['source']): OwnedObject[] {
  const pathValues: PathValues = { [target.parameter]: id };
  for (const name of pathParameterNames(path).filter((parameter) => parameter !== target.parameter)) {
    const fromRecord = fieldOf(record, name)?.value;
    const value = profileValue(view, name, path) ?? (typeof fromRecord === 'string' || typeof fromRecord === 'number' ? fromRecord : undefined);
    if (value === undefined) return [];
    pathValues[name] = value;
  }
  return [{ id, record, pathValues, source }];
}

/** A path parameter named like an object's id: `{id}`, `{orderId}`, `{order_id}`, `{uuid}`, `{username}`. */
const ID_NAME = /^(id|uuid|guid|slug|username|handle|login)$|[_-](id|uuid|guid|number)$|[a-z\d](Id|ID|Uuid|UUID|Number)$/;
const PATH_PARAMETER = /\{([^{}]+)\}/g;

/** An operation on one object: the last path parameter identifies it, the path before it is its collection. */
export interface ObjectTarget {
  /** `orderId` in `/orders/{orderId}`. */
  parameter: string;
  /** `/orders`: the path before the parameter, where the objects are listed and created. */
  collection: string;
  /** The names the object's own record gives its identifier: `orderId`, then `id`. */
  identifierNames: string[];
}

export function objectTarget(operation: SpecOperation): ObjectTarget | undefined {
  const last = [...operation.path.matchAll(PATH_PARAMETER)].pop();
  if (!last || last.index === undefined) return undefined;
  const parameter = last[1]!;
  const end = last.index + last[0].length;
  if (operation.path[last.index - 1] !== '/' || (end < operation.path.length && operation.path[end] !== '/')) return undefined;
  const schema = operation.parameters.find((candidate) => candidate.in === 'path' && candidate.name === parameter)?.schema;
  if (!ID_NAME.test(parameter) && schema?.type !== 'integer' && schema?.format !== 'uuid') return undefined;
  const collection = operation.path.slice(0, last.index - 1);
  return { parameter, collection, identifierNames: identifierNames(parameter, collection) };
}

/** The object's identifier in a record of it, by the target's names. */
export function identifierIn(record: JsonRecord, target: ObjectTarget): string | number | undefined {
  for (const name of target.identifierNames) {
    const value = fieldOf(record, name)?.value;
    if (typeof value === 'string' || typeof value === 'number') return value;
  }
  return undefined;
}

function identifierNames(parameter: string, collection: string): string[] {
  const names = [parameter];
  const resource = (collection.split('/').pop() ?? '').replace(/ies$/i, 'y').replace(/s$/i, '').toLowerCase();
  const lower = parameter.toLowerCase();
  if (resource && lower.startsWith(resource) && lower.length > resource.length) names.push(parameter.slice(resource.length).replace(/^[_-]+/, ''));
  if (/id$/i.test(parameter)) names.push('id');
  return [...new Set(names.filter(Boolean))];
}

/** An object a check created as the scanning user. */
export interface CreatedObject {
  id: string | number;
  /** What the create answered with (empty when it answered no record). */
  record: JsonRecord;
  exchange: ScanExchange;
}

/**
 * Creates an object with the operation's valid request, its path parameters from `pathValues` (the
 * creator's own: `/users/{userId}/orders`) and `extra` properties added to its body. Its id comes
 * from the answer's record, else the last segment of its Location header. Undefined when the create
 * failed or its answer names no id.
 */
export async function createObject(
  ctx: ScanContext,
  operation: SpecOperation,
  identity: Identity | undefined,
  target: ObjectTarget,
  pathValues: PathValues,
  extra: JsonRecord = {},
): Promise<CreatedObject | undefined> {
  const request = plainRequest(ctx, operation, pathValues);
  const sent = asObject(request?.body);
  if (!request || (Object.keys(extra).length > 0 && !sent)) return undefined;
  if (sent) request.body = { ...sent, ...extra };
  const exchange = await sendProbe(ctx, request, identity);
  if (!exchange || !isSuccess(exchange.response.status)) return undefined;
  const body = jsonBody(exchange.response);
  const record = Array.isArray(body) ? undefined : recordsIn(body)[0];
  const location = headerValue(exchange.response, 'location')?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop();
  const id = (record && identifierIn(record, target)) ?? location;
  return id === undefined ? undefined : { id, record: record ?? {}, exchange };
}

/** A field the server would fetch or call: creating with it sends the server to someone's URL. */
const URL_FIELD = /(url|uri|link|callback|webhook|endpoint|host)s?$/i;

/**
 * The POST that creates an object of `collection` for the caller and does nothing else: not a login
 * or sign-up, not administrative, not a search or lookup by its name, not a path that pays or sends,
 * and no URL in its body for the server to fetch. Undefined when the spec has none.
 */
export function harmlessCreate(operations: readonly SpecOperation[], collection: string, spec: FalconSpec): SpecOperation | undefined {
  return operations.find(
    (operation) =>
      operation.method === 'POST' &&
      operation.path.replace(/\/+$/, '') === collection &&
      !isAuthPath(operation.path) &&
      !isConsequentialPath(operation.path) &&
      administrativeReason(operation) === undefined &&
      !readsByName(operation) &&
      !takesUrl(operation, spec),
  );
}

function takesUrl(operation: SpecOperation, spec: FalconSpec): boolean {
  return Object.values(operation.requestBody?.content ?? {}).some((media) => {
    const properties = asObject(flattenSchema(media.schema, spec).properties) ?? {};
    return Object.entries(properties).some(([name, property]) => URL_FIELD.test(name) || /^(uri|url|iri)$/.test(String(flattenSchema(property, spec).format)));
  });
}

/** The top-level properties of an operation's JSON request body, as its schema declares them. */
export interface RequestProperties {
  /** Properties a client may send: declared and not `readOnly`. */
  writable: Set<string>;
  required: string[];
}

export function requestProperties(operation: SpecOperation, spec: FalconSpec): RequestProperties | undefined {
  const schema = jsonSchemaOf(operation.requestBody?.content, spec);
  const properties = schema && asObject(schema.properties);
  if (!schema || !properties) return undefined;
  const writable = Object.entries(properties)
    .filter(([, property]) => flattenSchema(property, spec).readOnly !== true)
    .map(([name]) => name);
  return { writable: new Set(writable), required: asArray(schema.required).filter((name): name is string => typeof name === 'string') };
}

/** The properties of the record a 2xx answer documents (the items', for a list). */
export function responseProperties(operation: SpecOperation, spec: FalconSpec): string[] {
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^2\d\d$/.test(status)) continue;
    const schema = jsonSchemaOf(response.content, spec);
    const record = schema && (schema.type === 'array' ? flattenSchema(schema.items, spec) : schema);
    const properties = record && asObject(record.properties);
    if (properties) return Object.keys(properties);
  }
  return [];
}

/** The JSON media type's schema, refs followed and allOf merged. */
function jsonSchemaOf(content: Record<string, { schema?: JsonSchema }> | undefined, spec: FalconSpec): JsonSchema | undefined {
  const media = Object.entries(content ?? {}).find(([type]) => /json/i.test(type))?.[1];
  return media?.schema && flattenSchema(media.schema, spec);
}

/**
 * A write's body that sends back the values the record already holds, so that it changes nothing:
 * every writable property the record has (and all the required ones, but for a PATCH). Undefined
 * when the record cannot fill such a body.
 */
export function unchangedBody(operation: SpecOperation, spec: FalconSpec, record: JsonRecord): JsonRecord | undefined {
  const properties = requestProperties(operation, spec);
  if (!properties) return undefined;
  const body = Object.fromEntries([...properties.writable].filter((name) => record[name] !== undefined).map((name) => [name, record[name]]));
  if (Object.keys(body).length === 0) return undefined;
  if (operation.method !== 'PATCH' && properties.required.some((name) => body[name] === undefined)) return undefined;
  return body;
}
