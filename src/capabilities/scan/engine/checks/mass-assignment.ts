import type { SpecOperation } from '../../../../engines/spec/spec-format.js';
import type { Identity } from '../identity.js';
import type { ScanContext } from '../scan-context.js';
import type { ScanExchange } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { severityRank } from '../severity.js';
import { isNamedAdmin, isOwnRecord, type OwnView, readOwnView, ownPathValues, profileValue } from './support/users.js';
import { administrativeReason, isAuthPath, isConsequentialPath, isSelfPath, isUserCollection } from './support/operations.js';
import {
  requestProperties,
  responseProperties,
  createObject,
  harmlessCreate,
  type ObjectTarget,
  objectTarget,
  ownedObjects,
  unchangedBody,
} from './support/objects.js';
import { type JsonRecord, isSuccess } from './support/answers.js';
import { pathParameterNames } from '../../../../engines/testing/path-template.js';
import { type PathValues, plainRequest, sendProbe } from './support/probes.js';
import { type PrivilegedProperty, privilegedProperties } from './mass-assignment/privileged-properties.js';
import { readBack } from './mass-assignment/read-back.js';

/** An object of the scanning user's that a write may be tried on. */
interface OwnObject {
  pathValues: PathValues;
  target?: ObjectTarget;
  /** Its own account: privileges are tried on it even when its record shows none. */
  isAccount: boolean;
}

/**
 * API3 mass assignment. As the scanning user (the first not named like an administrator), on its own
 * objects only: each create and update gets privileged properties the request does not document as
 * writable (role, isAdmin, price…) added to a body that otherwise changes nothing; reading the object
 * back with the value sent proves it (high for privileges and money, medium for flags such as
 * verified). The scan sets updated objects back and deletes created ones with --allow-destructive (residue/).
 */
export const massAssignmentCheck: SecurityCheck = {
  title: 'Mass assignment',
  owasp: 'API3:2023',
  cwe: 'CWE-915',
  proof: 'a privileged property (role, isAdmin, price…) sent in a create or update is stored: reading the object back shows the value sent',
  remediation: 'Bind request bodies to an explicit list of writable fields; ignore or refuse the rest.',
  runOrder: 120,
  async run(ctx) {
    const actor = ctx.identities.find((identity) => !isNamedAdmin(identity)) ?? ctx.identities[0];
    if (!actor) {
      ctx.note('mass_assignment: needs a user (--user or --token) whose own objects it may change; skipped');
      return;
    }
    const view = await readOwnView(ctx, actor);
    const writes = ctx.operations.filter(
      (operation) =>
        ['POST', 'PUT', 'PATCH'].includes(operation.method) &&
        !isAuthPath(operation.path) &&
        !isConsequentialPath(operation.path) &&
        administrativeReason(operation) === undefined,
    );
    if (writes.length === 0) {
      ctx.note('mass_assignment: no operation creates or updates an object of the user; nothing to check');
      return;
    }
    for (const operation of writes) {
      if (operation.method === 'POST') await tryCreate(ctx, operation, actor, view);
      else await tryUpdate(ctx, operation, actor, view);
    }
  },
};

async function tryCreate(ctx: ScanContext, operation: SpecOperation, actor: Identity, view: OwnView): Promise<void> {
  if (harmlessCreate(ctx.operations, operation.path, ctx.spec) !== operation) return;
  const item = ctx.operations.find((candidate) => candidate.method === 'GET' && objectTarget(candidate)?.collection === operation.path);
  const target = (item && objectTarget(item)) ?? { parameter: 'id', collection: operation.path, identifierNames: ['id'] };
  const itemPath = item?.path ?? `${operation.path}/{id}`;
  const known = Object.fromEntries(
    [...responseProperties(operation, ctx.spec), ...(item ? responseProperties(item, ctx.spec) : [])].map((name) => [name, undefined]),
  );
  const properties = privilegedProperties(known, requestProperties(operation, ctx.spec)?.writable ?? new Set(), isUserCollection(operation.path));
  if (properties.length === 0) return;
  const prefix = ownPathValues(view, operation.path);
  const created = await createObject(ctx, operation, actor, target, prefix, injected(properties));
  if (!created) return;
  const pathValues = { ...prefix, [target.parameter]: created.id };
  const after = await readBack(ctx, itemPath, pathValues, actor, target);
  const stored = properties.filter((property) => after && sameValue(after.record[property.key], property.value));
  if (after && stored.length > 0) report(ctx, operation, actor, stored, created.exchange, after.exchange, itemPath);
}

async function tryUpdate(ctx: ScanContext, operation: SpecOperation, actor: Identity, view: OwnView): Promise<void> {
  const object = await ownObject(ctx, operation, actor, view);
  if (!object) return;
  const before = await readBack(ctx, operation.path, object.pathValues, actor, object.target);
  const base = before && (unchangedBody(operation, ctx.spec, before.record) ?? (operation.method === 'PATCH' ? {} : undefined));
  const properties = before ? privilegedProperties(before.record, requestProperties(operation, ctx.spec)?.writable ?? new Set(), object.isAccount) : [];
  const request = plainRequest(ctx, operation, object.pathValues);
  if (before && base && request && properties.length > 0) {
    const exchange = await sendProbe(ctx, { ...request, body: { ...base, ...injected(properties) } }, actor);
    const after = exchange && isSuccess(exchange.response.status) ? await readBack(ctx, operation.path, object.pathValues, actor, object.target) : undefined;
    const stored = properties.filter((property) => after && sameValue(after.record[property.key], property.value));
    if (exchange && after && stored.length > 0) report(ctx, operation, actor, stored, exchange, after.exchange, operation.path);
  }
}

/**
 * The user's own object the update acts on: its account (`/me`, `/users/{id}` with its own id), an
 * object of its listing whose owner field names it, else one it creates. Undefined for anything else.
 */
async function ownObject(ctx: ScanContext, operation: SpecOperation, actor: Identity, view: OwnView): Promise<OwnObject | undefined> {
  const parameters = pathParameterNames(operation.path);
  if (parameters.length === 0) return isSelfPath(operation.path) ? { pathValues: {}, isAccount: true } : undefined;
  const target = objectTarget(operation);
  if (!target) return undefined;
  const own = ownPathValues(view, operation.path);
  if (profileValue(view, target.parameter, operation.path) !== undefined) {
    return parameters.every((name) => own[name] !== undefined) ? { pathValues: own, target, isAccount: true } : undefined;
  }
  const listed = ownedObjects(view, target, operation.path).find((object) => object.source === 'listing' && isOwnRecord(object.record, view));
  if (listed) return { pathValues: listed.pathValues, target, isAccount: false };
  const create = harmlessCreate(ctx.operations, target.collection, ctx.spec);
  if (!create) return undefined;
  const prefix = ownPathValues(view, create.path);
  const created = await createObject(ctx, create, actor, target, prefix);
  return created && { pathValues: { ...prefix, [target.parameter]: created.id }, target, isAccount: false };
}

function report(
  ctx: ScanContext,
  operation: SpecOperation,
  actor: Identity,
  stored: readonly PrivilegedProperty[],
  write: ScanExchange,
  read: ScanExchange,
  readPath: string,
): void {
  const severity = stored.map((property) => property.severity).reduce((worst, next) => (severityRank(next) > severityRank(worst) ? next : worst));
  const values = stored.map((property) => `${property.key}=${JSON.stringify(property.value)}`).join(', ');
  ctx.report({
    severity,
    operation: { method: operation.method, path: operation.path },
    title: `stores ${values} sent by ${actor.name}, which the request may not set: reading it back (GET ${readPath}) shows the value sent`,
    // The write, then the object read back: the answer that proves it stuck.
    exchange: write,
    followUp: read,
  });
}

function injected(properties: readonly PrivilegedProperty[]): JsonRecord {
  return Object.fromEntries(properties.map((property) => [property.key, property.value]));
}

function sameValue(stored: unknown, sent: unknown): boolean {
  return stored !== undefined && JSON.stringify(stored) === JSON.stringify(sent);
}
