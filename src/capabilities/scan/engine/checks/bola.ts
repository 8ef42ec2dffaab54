import type { SpecOperation } from '../../../../engines/spec/spec-format.js';
import { probeGraphQLObjectIds } from './bola/graphql-object-ids.js';
import type { FindingDraft, ScanContext } from '../scan-context.js';
import { jsonBody, type ScanExchange } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { type ReplayStep, sendStep } from '../replay/replay-step.js';
import { isNamedAdmin, foreignOwner, bodiesAt, type OwnView, readOwnView, ownPathValues } from './support/users.js';
import {
  createObject,
  harmlessCreate,
  identifierIn,
  objectTarget,
  type ObjectTarget,
  exclusiveObjects,
  type OwnedObject,
  ownedObjects,
  unchangedBody,
} from './support/objects.js';
import { recordsIn, hasData, ownerDataIn, isSuccess } from './support/answers.js';
import { plainRequest, sendProbe, type PathValues } from './support/probes.js';
import type { Identity } from '../identity.js';
import { administrativeReason } from './support/operations.js';
import { proveTenantSwap, tenantInputs } from './support/tenancy.js';
import { mapAtOnce } from './support/each-at-once.js';

/** Objects of each owner tried: enough to prove, bounded. */
const OBJECTS_PER_OWNER = 2;
const NEIGHBOUR_OFFSETS = [1, -1, 2, -2];
/** A user's account read by another proves something only when one of these came back with it. */
const PRIVATE_FIELD = /e-?mail|phone|mobile|address|street|postcode|zip|birth|ssn|tax|iban|card|balance|salary|role|password|token|secret/i;

/** The operations on one object path: its read and its writes. */
interface ObjectPath {
  path: string;
  target: ObjectTarget;
  read?: SpecOperation;
  writes: SpecOperation[];
}

/** One user (`owner`) whose object another (`other`) tries to reach. */
interface Attempt {
  owner: OwnView;
  other: OwnView;
  views: readonly OwnView[];
}

/**
 * API1 broken object level authorization. For each path with an object id, the objects each user
 * owns (its own listings and account, else one it creates), then as another user: read them (the
 * owner's data coming back proves it, high), write the owner's own values back (accepted, critical),
 * and read the ids next to them (a record whose owner field names someone else, high). Then each
 * owner or tenant id outside the path (`?orgId=`, `X-Tenant-ID`, a search's `accountId`): one
 * user's own value sent as another user brings the first one's data back while the other's own
 * value does not (high; see proveTenantSwap).
 */
export const bolaCheck: SecurityCheck = {
  title: 'Broken object level authorization',
  owasp: 'API1:2023',
  cwe: 'CWE-639',
  proof:
    "one user's token reads or changes an object another user created (ids from that user's own responses, then neighbouring ids), or sends that user's own tenant id in a query parameter, header or body field, and the other user's data comes back; on a GraphQL endpoint, a query given the id of an object only one user's answers hold returns it to the other user",
  remediation: 'Check on every request that the object belongs to the caller (or that the caller may act on it), not only that the caller is logged in.',
  runOrder: 100,
  runGraphQL: probeGraphQLObjectIds,
  async run(ctx) {
    if (ctx.identities.length < 2) {
      ctx.note("bola: needs two users (--user or --token twice) to read one user's objects as the other; skipped");
      return;
    }
    const paths = objectPaths(ctx.operations);
    const tenanted = ctx.operations.filter((operation) => administrativeReason(operation) === undefined && tenantInputs(operation, ctx).length > 0);
    if (paths.length === 0 && tenanted.length === 0) {
      ctx.note('bola: no operation takes an object id in its path, or an owner or tenant id in its query, headers or body; nothing to check');
      return;
    }
    const views = await mapAtOnce(ctx, ctx.identities, (identity, ctx) => readOwnView(ctx, identity));
    if (views.every((view) => isNamedAdmin(view.identity))) {
      ctx.note("bola: every user given is named like an administrator, who may read anyone's objects; give an ordinary user too");
      return;
    }
    const probe = new ObjectAccessProbe(ctx, new ObjectReader(ctx));
    for (const path of paths) await probe.check(path, views);
    for (const operation of tenanted) {
      for (const input of tenantInputs(operation, ctx)) {
        const proof = await proveTenantSwap(ctx, operation, input, views);
        if (proof) ctx.report({ severity: 'high', operation: { method: operation.method, path: operation.path }, ...proof });
      }
    }
  },
};

function objectPaths(operations: readonly SpecOperation[]): ObjectPath[] {
  const paths = new Map<string, ObjectPath>();
  for (const operation of operations) {
    const target = objectTarget(operation);
    if (!target || !['GET', 'PUT', 'PATCH'].includes(operation.method)) continue;
    const entry = paths.get(operation.path) ?? { path: operation.path, target, writes: [] };
    if (operation.method === 'GET') entry.read = operation;
    else entry.writes.push(operation);
    paths.set(operation.path, entry);
  }
  return [...paths.values()];
}

class ObjectAccessProbe {
  /** Operation ids with a finding: the rest of their attempts are spared. */
  private readonly proven = new Set<string>();

  constructor(
    private readonly ctx: ScanContext,
    private readonly reader: ObjectReader,
  ) {}

  async check(path: ObjectPath, views: readonly OwnView[]): Promise<void> {
    let tried = false;
    for (const owner of views) {
      for (const other of views.filter((view) => view !== owner && !isNamedAdmin(view.identity))) {
        const objects = exclusiveObjects(owner, [other], path.target, path.path).slice(0, OBJECTS_PER_OWNER);
        tried ||= objects.length > 0;
        await this.attempt(path, { owner, other, views }, objects);
      }
    }
    if (!tried) await this.attemptCreated(path, views);
  }

  /** No user was seen to own an object here: one creates one, another tries it. */
  private async attemptCreated(path: ObjectPath, views: readonly OwnView[]): Promise<void> {
    const create = harmlessCreate(this.ctx.operations, path.target.collection, this.ctx.spec);
    const other = views.find((view) => !isNamedAdmin(view.identity));
    const owner = views.find((view) => view !== other && !isNamedAdmin(view.identity)) ?? views.find((view) => view !== other);
    if (!create || !other || !owner) return;
    const prefix = ownPathValues(owner, create.path);
    const created = await createObject(this.ctx, create, owner.identity, path.target, prefix);
    if (!created) return;
    const object: OwnedObject = {
      id: created.id,
      record: created.record,
      pathValues: { ...prefix, [path.target.parameter]: created.id },
      source: 'listing',
      createdBy: created.exchange,
    };
    if (!(await this.listedFor(other, path, created.id))) await this.attempt(path, { owner, other, views }, [object]);
  }

  private async attempt(path: ObjectPath, attempt: Attempt, objects: readonly OwnedObject[]): Promise<void> {
    for (const object of objects) {
      const ownerRead = await this.tryRead(path, attempt, object);
      const ownerBody = ownerRead && jsonBody(ownerRead.response);
      for (const write of path.writes) await this.tryWrite(path, write, attempt, object, recordsIn(ownerBody)[0] ?? object.record, ownerRead);
    }
    await this.tryNeighbours(path, attempt, objects);
  }

  /** Reads the object as its owner, then as the other user; reports when the owner's data comes back. The owner's read, when it answered 2xx. */
  private async tryRead(path: ObjectPath, { owner, other }: Attempt, object: OwnedObject): Promise<ScanExchange | undefined> {
    if (!path.read) return undefined;
    const read = await this.reader.read(path.read, object.pathValues, owner.identity);
    const ownerExchange = read && isSuccess(read.response.status) ? read : undefined;
    const ownerBody = ownerExchange && jsonBody(ownerExchange.response);
    if (!ownerExchange || !hasData(ownerBody) || this.proven.has(path.read.id)) return ownerExchange;
    const exchange = await this.reader.read(path.read, object.pathValues, other.identity);
    if (!exchange || !isSuccess(exchange.response.status)) return ownerExchange;
    const matched = ownerDataIn(ownerBody, jsonBody(exchange.response), object.id);
    if (!matched || (object.source === 'profile' && !matched.some(([place]) => PRIVATE_FIELD.test(place)))) return ownerExchange;
    if (await this.answersAlike(path, path.read, other, object, ownerBody)) return ownerExchange;
    const id = `${path.target.parameter}=${object.id}`;
    const [ownerName, otherName] = [owner.identity?.name, other.identity?.name];
    this.report(path.read, {
      severity: 'high',
      title: `${otherName} reads ${id}, which only ${ownerName} was seen to have: ${ownerName}'s data comes back`,
      exchange,
      replay: [...ownerSteps(object, ownerName, ownerExchange), sendStep(`${otherName} reads the same object: ${ownerName}'s data comes back`, exchange)],
    });
    return ownerExchange;
  }

  /** Writes the owner's own values back as the other user (nothing changes); an accepted write of someone else's object proves it. */
  private async tryWrite(
    path: ObjectPath,
    write: SpecOperation,
    { owner, other }: Attempt,
    object: OwnedObject,
    ownerRecord: Record<string, unknown>,
    ownerRead: ScanExchange | undefined,
  ): Promise<void> {
    if (this.proven.has(write.id)) return;
    const request = plainRequest(this.ctx, write, object.pathValues);
    const body = unchangedBody(write, this.ctx.spec, ownerRecord) ?? (this.ctx.allowDestructive ? request?.body : undefined);
    if (!request || body === undefined) return;
    request.body = body;
    const exchange = await sendProbe(this.ctx, request, other.identity);
    if (!exchange || !isSuccess(exchange.response.status)) return;
    const answered = recordsIn(jsonBody(exchange.response))[0];
    const sameObject = answered !== undefined && String(identifierIn(answered, path.target)) === String(object.id);
    if (exchange.response.body.trim() !== '' && !sameObject) return;
    this.report(write, {
      severity: 'critical',
      title: `${other.identity?.name} writes ${path.target.parameter}=${object.id}, which only ${owner.identity?.name} was seen to have, and the write is accepted`,
      exchange,
      replay: [
        ...ownerSteps(object, owner.identity?.name, ownerRead),
        sendStep(`${other.identity?.name} writes ${owner.identity?.name}'s own values back to it: the write is accepted`, exchange),
      ],
    });
  }

  /** Reads the ids next to the owner's as the other user; a record whose owner field names someone else proves it. */
  private async tryNeighbours(path: ObjectPath, { other, views }: Attempt, objects: readonly OwnedObject[]): Promise<void> {
    const read = path.read;
    if (!read || this.proven.has(read.id)) return;
    const ownRecords = ownedObjects(other, path.target, path.path).map((object) => object.record);
    const known = new Set(views.flatMap((view) => ownedObjects(view, path.target, path.path).map((object) => String(object.id))));
    for (const object of objects) {
      if (typeof object.id !== 'number') continue;
      for (const neighbour of NEIGHBOUR_OFFSETS.map((offset) => (object.id as number) + offset)) {
        if (neighbour < 0 || known.has(String(neighbour))) continue;
        known.add(String(neighbour));
        const pathValues = { ...object.pathValues, [path.target.parameter]: neighbour };
        const exchange = await this.reader.read(read, pathValues, other.identity);
        const records = exchange && isSuccess(exchange.response.status) ? recordsIn(jsonBody(exchange.response)) : [];
        const record = records.length === 1 && String(identifierIn(records[0]!, path.target)) === String(neighbour) ? records[0]! : undefined;
        const foreign =
          record &&
          foreignOwner(
            record,
            other,
            views.filter((view) => view !== other),
            ownRecords,
          );
        if (!exchange || !foreign || (await this.answersAlike(path, read, other, { ...object, id: neighbour, pathValues }, jsonBody(exchange.response))))
          continue;
        this.report(read, {
          severity: 'high',
          title: `${other.identity?.name} reads a neighbouring object (${path.target.parameter}=${neighbour}) whose ${foreign.key} is ${foreign.owner ?? 'not theirs'}`,
          exchange,
        });
        return;
      }
    }
  }

  /**
   * The data comes back whoever asks, so it is no one's: the other user's own object, or the same
   * object read with no credentials, answers with it too.
   */
  private async answersAlike(path: ObjectPath, read: SpecOperation, other: OwnView, object: OwnedObject, body: unknown): Promise<boolean> {
    const own = ownedObjects(other, path.target, path.path)[0];
    for (const [pathValues, identity] of [...(own ? [[own.pathValues, other.identity] as const] : []), [object.pathValues, undefined] as const]) {
      const exchange = await this.reader.read(read, pathValues, identity);
      if (exchange && isSuccess(exchange.response.status) && ownerDataIn(body, jsonBody(exchange.response), object.id)) return true;
    }
    return false;
  }

  /** The other user's listing of the collection shows the object too: it is shared, not owned. */
  private async listedFor(other: OwnView, path: ObjectPath, id: string | number): Promise<boolean> {
    const listing = this.ctx.operations.find((operation) => operation.method === 'GET' && operation.path === path.target.collection);
    if (!listing || bodiesAt(other, path.target.collection).length === 0) return false;
    const request = plainRequest(this.ctx, listing, ownPathValues(other, listing.path));
    const exchange = request && (await sendProbe(this.ctx, request, other.identity));
    return !!exchange && recordsIn(jsonBody(exchange.response)).some((record) => String(identifierIn(record, path.target)) === String(id));
  }

  private report(operation: SpecOperation, draft: Pick<FindingDraft, 'severity' | 'title' | 'exchange' | 'replay'>): void {
    this.proven.add(operation.id);
    this.ctx.report({ operation: { method: operation.method, path: operation.path }, ...draft });
  }
}

/** The owner's create of the object (when the scan made it) and read of it: what a replay shows before another user's request. */
function ownerSteps(object: OwnedObject, owner: string | undefined, read: ScanExchange | undefined): ReplayStep[] {
  return [
    ...(object.createdBy ? [sendStep(`${owner} creates an object of their own`, object.createdBy)] : []),
    ...(read ? [sendStep(`${owner} reads their own object`, read)] : []),
  ];
}

/** Reads objects as identities, each read sent once however often it is asked for. */
export class ObjectReader {
  private readonly answers = new Map<string, Promise<ScanExchange | undefined>>();

  constructor(private readonly ctx: ScanContext) {}

  /** The answer to the operation with these path values, as the identity (or none); undefined when it got none. */
  read(operation: SpecOperation, pathValues: PathValues, identity: Identity | undefined): Promise<ScanExchange | undefined> {
    const key = JSON.stringify([operation.id, identity?.name ?? null, Object.entries(pathValues).sort()]);
    let answer = this.answers.get(key);
    if (!answer) {
      const request = plainRequest(this.ctx, operation, pathValues);
      answer = request ? sendProbe(this.ctx, request, identity) : Promise.resolve(undefined);
      this.answers.set(key, answer);
    }
    return answer;
  }
}
