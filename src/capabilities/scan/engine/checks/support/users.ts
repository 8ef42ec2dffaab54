import type { Identity } from '../../identity.js';
import type { SpecOperation } from '../../../../../engines/spec/spec-format.js';
import type { ScanContext } from '../../scan-context.js';
import { jsonBody, type ScanExchange, type ScanRequest } from '../../scan-exchange.js';
import { isConsequentialPath, isSelfPath, isUserCollection } from './operations.js';
import { type JsonRecord, recordsIn, isSuccess, fieldOf, looseName } from './answers.js';
import { pathParameterNames } from '../../../../../engines/testing/path-template.js';
import { type PathValues, plainRequest, requiresAuth, sendProbe } from './probes.js';
import { isIdLike, ownValues } from './own-values.js';
import { mapAtOnce } from './each-at-once.js';

const ADMIN_NAME = /admin|root|super-?user|staff|operator/i;

/** An identity named like an administrator (`admin`, `root`, `superuser`…), by its name or its login. */
export function isNamedAdmin(identity: Identity | undefined): boolean {
  return identity !== undefined && (ADMIN_NAME.test(identity.name) || ADMIN_NAME.test(identity.login?.username ?? ''));
}

/** A 2xx answer to a GET of the spec, as one identity. */
export interface ViewedResponse {
  operation: SpecOperation;
  exchange: ScanExchange;
  /** Its JSON body, or undefined. */
  body: unknown;
}

/** What one identity (or no identity) sees of the API when it reads what it may: its lists, its profile. */
export interface OwnView {
  identity: Identity | undefined;
  responses: ViewedResponse[];
  /** The record a path about the caller (`/me`, `/profile`) answered with. */
  profile: JsonRecord | undefined;
}

/**
 * Sends, as the identity, each GET that needs no input but its own: the ones without parameters
 * first, then the ones whose path parameters and required query or header parameters its own
 * answers fill — its account (`/users/{userId}/orders`), its organisation (`/projects?orgId=…`,
 * `/orgs/{orgId}/members`, from `GET /me`, its login or `GET /orgs`), so that what is exposed one
 * level down is read too. A GET that requires any other query parameter is left alone: its input (a
 * URL to preview, a host to ping) may make the server act. So are paths that end a session or act
 * (`/logout`). No identity reads only the operations the spec leaves open; `include` narrows the
 * operations further.
 */
export async function readOwnView(
  ctx: ScanContext,
  identity: Identity | undefined,
  include: (operation: SpecOperation) => boolean = () => true,
): Promise<OwnView> {
  const readable = ctx.operations.filter(
    (operation) =>
      operation.method === 'GET' &&
      !isConsequentialPath(operation.path) &&
      !operation.parameters.some((parameter) => parameter.required && parameter.in !== 'path' && !isOwnInput(parameter)) &&
      (identity !== undefined || !requiresAuth(operation)) &&
      include(operation),
  );
  const view: OwnView = { identity, responses: [], profile: undefined };
  const needsInput = (operation: SpecOperation) =>
    pathParameterNames(operation.path).length > 0 || operation.parameters.some((parameter) => parameter.required && parameter.in !== 'path');
  // Plain reads side by side, kept in their order; those that need the identity's own values after them, one by one, each able to use what the ones before it read.
  const plain = readable.filter((candidate) => !needsInput(candidate));
  const answers = await mapAtOnce(ctx, plain, (operation, ctx) => successOf(ctx, view.identity, plainRequest(ctx, operation)));
  plain.forEach((operation, index) => keep(view, operation, answers[index]));
  view.profile = profileIn(view.responses);
  for (const operation of readable.filter(needsInput)) keep(view, operation, await successOf(ctx, view.identity, ownRequest(ctx, view, operation)));
  return view;
}

/** A required query or header parameter the caller's own answers may fill: `orgId`, `X-Tenant-ID`. */
function isOwnInput(parameter: SpecOperation['parameters'][number]): boolean {
  return (parameter.in === 'query' || parameter.in === 'header') && isIdLike(parameter.name);
}

/**
 * The operation's request with the identity's own values in every path parameter and every required
 * query or header parameter (see ownValues); undefined when its answers do not fill one.
 */
export function ownRequest(ctx: ScanContext, view: OwnView, operation: SpecOperation): ScanRequest | undefined {
  const pathValues = ownPathValues(view, operation.path);
  for (const name of pathParameterNames(operation.path)) {
    const value = pathValues[name] ?? ownValues(view, name)[0];
    if (value === undefined) return undefined;
    pathValues[name] = value;
  }
  const request = plainRequest(ctx, operation, pathValues);
  if (!request) return undefined;
  for (const parameter of operation.parameters.filter((candidate) => candidate.required && isOwnInput(candidate))) {
    const value = ownValues(view, parameter.name)[0];
    if (value === undefined) return undefined;
    if (parameter.in === 'query') request.query = { ...request.query, [parameter.name]: value };
    else request.headers = { ...request.headers, [parameter.name]: String(value) };
  }
  return request;
}

/** The bodies the identity got at a path template. */
export function bodiesAt(view: OwnView, path: string): unknown[] {
  return view.responses.filter((response) => response.operation.path === path).map((response) => response.body);
}

async function successOf(ctx: ScanContext, identity: Identity | undefined, request: ScanRequest | undefined): Promise<ScanExchange | undefined> {
  const exchange = request && (await sendProbe(ctx, request, identity));
  return exchange && isSuccess(exchange.response.status) ? exchange : undefined;
}

function keep(view: OwnView, operation: SpecOperation, exchange: ScanExchange | undefined): void {
  if (exchange) view.responses.push({ operation, exchange, body: jsonBody(exchange.response) });
}

/** The record of the shortest path about the caller (`/me` before `/me/avatar`). */
function profileIn(responses: readonly ViewedResponse[]): JsonRecord | undefined {
  const own = responses.filter(({ operation, body }) => isSelfPath(operation.path) && !Array.isArray(body) && recordsIn(body).length === 1);
  own.sort((a, b) => a.operation.path.length - b.operation.path.length);
  return own[0] && recordsIn(own[0].body)[0];
}

const EMAIL_PARAMETER = /e-?mail$/i;
const NAME_PARAMETER = /^(user_?name|login|handle)$|[_-]?(user_?name|login)$/i;
/** `{userId}`, `{accountId}`, `{customer_id}`: the id of a user. */
const USER_ID_PARAMETER = /^(user|account|member|customer|profile|owner)[_-]?id$|^uid$/i;

/**
 * The identity's own value for a path parameter that names a user: `{username}` its username,
 * `{email}` its email, `{userId}` (or `{id}` of a collection of users, `/users/{id}`) the id in its
 * profile. Undefined for any other parameter, or when the profile does not say.
 */
export function profileValue(view: OwnView, parameter: string, path: string): string | number | undefined {
  const profile = view.profile ?? {};
  const scalar = (...names: string[]) =>
    names.map((name) => fieldOf(profile, name)?.value).find((value) => typeof value === 'string' || typeof value === 'number') as string | number | undefined;
  if (EMAIL_PARAMETER.test(parameter)) return scalar('email');
  if (NAME_PARAMETER.test(parameter)) return scalar('username', 'login', 'userName') ?? view.identity?.login?.username;
  if (USER_ID_PARAMETER.test(parameter)) return scalar(parameter, 'id');
  const collection = path.slice(0, path.indexOf(`{${parameter}}`)).replace(/\/+$/, '');
  return /^(id|uuid)$/i.test(parameter) && isUserCollection(collection) ? scalar(parameter, 'id') : undefined;
}

/** The path parameters of `path` that name the identity, with its own values (`{userId}` → its id); the rest left out. */
export function ownPathValues(view: OwnView, path: string): PathValues {
  const values: PathValues = {};
  for (const name of pathParameterNames(path)) {
    const value = profileValue(view, name, path);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/** Fields that say whose a record is, by their loose names (`user_id` is `userid`). */
const OWNER_FIELD = /^(userid|ownerid|owner|customerid|accountid|memberid|createdby|creatorid|authorid|user|username|email)$/;

/** What names an identity in a record: the id, username and email of its profile, and its login. */
export function identityValues(view: OwnView): Set<string> {
  const profile = view.profile ?? {};
  const values = ['id', 'username', 'login', 'email'].map((name) => fieldOf(profile, name)?.value);
  values.push(view.identity?.login?.username);
  return new Set(values.filter((value) => typeof value === 'string' || typeof value === 'number').map(String));
}

/** A record's owner fields with a text or number value. */
export function ownerFields(record: JsonRecord): Array<{ key: string; value: string }> {
  return Object.entries(record)
    .filter(([key, value]) => OWNER_FIELD.test(looseName(key)) && (typeof value === 'string' || typeof value === 'number'))
    .map(([key, value]) => ({ key, value: String(value) }));
}

/**
 * An owner field of `record` that says it is not `viewer`'s: it holds another identity's id, name or
 * email, or a value other than the one the viewer's own records (`ownRecords`) hold there. Undefined
 * when a field says it is the viewer's, or none says whose it is.
 */
export function foreignOwner(
  record: JsonRecord,
  viewer: OwnView,
  others: readonly OwnView[],
  ownRecords: readonly JsonRecord[],
): { key: string; value: string; owner?: string } | undefined {
  const fields = ownerFields(record);
  const mine = identityValues(viewer);
  if (fields.some(({ value }) => mine.has(value))) return undefined;
  for (const { key, value } of fields) {
    const owner = others.find((other) => identityValues(other).has(value));
    if (owner) return { key, value, owner: owner.identity?.name ?? 'no user' };
    const ownValues = ownRecords
      .map((own) => fieldOf(own, key)?.value)
      .filter((own) => own !== undefined && own !== null)
      .map(String);
    if (ownValues.length > 0 && !ownValues.includes(value)) return { key, value };
  }
  return undefined;
}

/** An owner field of the record holds one of the viewer's own values, and none holds another's. */
export function isOwnRecord(record: JsonRecord, viewer: OwnView): boolean {
  const fields = ownerFields(record);
  const mine = identityValues(viewer);
  return fields.length > 0 && fields.every(({ value }) => mine.has(value));
}
