import { HttpRequestError } from '../../../../engines/http/http-request-error.js';
import type { FalconSpec, SpecOperation } from '../../../../engines/spec/spec-format.js';
import type { Identity } from '../identity.js';
import type { ScanClient } from '../scan-client.js';
import type { ScanExchange, ScanRequest } from '../scan-exchange.js';
import { createdObjectOf, type CreatedObject } from './created-objects.js';
import { objectPathsOf, readObject, restoreRequest, differingFields } from './object-state.js';
import type { LeftField, LeftObject, Residue } from './residue.js';

/** An object a check wrote to: its state before the scan's first write, and who reads it. */
interface Guarded {
  request: ScanRequest;
  path: string;
  reader: Identity;
  before: Record<string, unknown>;
}

/**
 * Every check's requests go through it. Before the first write (PUT, PATCH, or a POST to an
 * object's path) to an existing object a scanning user reads, it records the object as a GET
 * answers it; after each check (`settle`) it sets back every field that differs — a PATCH of those
 * fields, else a PUT of the object as it was — reads it again and compares field by field. Objects
 * a POST created (an id or Location in its answer) are deleted with --allow-destructive and listed
 * otherwise. Fields the server manages itself (a modification time, a version) are not compared:
 * they change on any write and no client sets them (isServerManaged).
 */
export class ResidueGuard {
  private readonly guarded = new Map<string, Guarded>();
  /** Paths tried and not guardable (no reader, not a record): never read again. */
  private readonly unguardable = new Set<string>();
  private readonly touched = new Set<string>();
  /** Objects being read before a first write, by path. */
  private readonly reading = new Map<string, Promise<void>>();
  private readonly created: CreatedObject[] = [];
  private readonly left = new Map<string, LeftField>();
  private readonly leftObjects: LeftObject[] = [];

  constructor(
    private readonly client: ScanClient,
    private readonly options: { spec: FalconSpec; identities: readonly Identity[]; allowDestructive: boolean; login?: SpecOperation },
  ) {}

  async send(request: ScanRequest, identity?: Identity): Promise<ScanExchange> {
    await this.guard(request, identity);
    const exchange = await this.client.send(request, identity);
    this.follow(request, exchange, identity);
    return exchange;
  }

  async burst(requests: readonly ScanRequest[], identity?: Identity): Promise<ScanExchange[]> {
    for (const request of requests) await this.guard(request, identity);
    const exchanges = await this.client.burst(requests, identity);
    exchanges.forEach((exchange, index) => this.follow(requests[index]!, exchange, identity));
    return exchanges;
  }

  /** After a check: what it changed set back, what it created deleted when allowed. */
  async settle(): Promise<void> {
    const touched = [...this.touched];
    this.touched.clear();
    for (const key of touched) await this.restore(this.guarded.get(key)!);
    if (this.options.allowDestructive) {
      const made = this.created.splice(0);
      for (const object of made) await this.remove(object);
    }
  }

  /** What is left: fields not set back, objects not deleted. */
  residue(): Residue {
    const notDeleted = this.created.map((object): LeftObject => ({
      user: object.creator?.name ?? 'no user',
      create: object.create,
      ...(object.location !== undefined && { location: object.location }),
      why: 'deleting it needs --allow-destructive',
    }));
    const unsettled = [...this.touched].map((key): LeftField => ({
      user: this.guarded.get(key)!.reader.name,
      path: key,
      field: '(what it wrote)',
      why: 'the scan was stopped before it could set it back',
    }));
    return { fields: [...this.left.values(), ...unsettled], created: [...this.leftObjects, ...notDeleted] };
  }

  private async guard(request: ScanRequest, identity: Identity | undefined): Promise<void> {
    for (const path of objectPathsOf(request, this.options.spec.operations, this.options.login)) {
      const key = path.concrete;
      // A check may probe several operations at once: a write to an object being read waits for that read.
      await this.reading.get(key);
      if (this.guarded.has(key)) return void this.touched.add(key);
      if (this.unguardable.has(key)) continue;
      const reading = this.record(path, key, identity);
      this.reading.set(
        key,
        reading.then(
          () => undefined,
          () => undefined,
        ),
      );
      const recorded = await reading.finally(() => this.reading.delete(key));
      if (recorded) return;
    }
  }

  /** Reads the object as the sender, else as another scanning user; true when it was recorded. */
  private async record(path: { request: ScanRequest }, key: string, identity: Identity | undefined): Promise<boolean> {
    const readers = [...(identity ? [identity] : []), ...this.options.identities.filter((other) => other !== identity)];
    for (const reader of readers) {
      const record = await this.read(path.request, reader);
      if (!record) continue;
      this.guarded.set(key, { request: path.request, path: key, reader, before: record });
      this.touched.add(key);
      return true;
    }
    this.unguardable.add(key);
    return false;
  }

  private follow(request: ScanRequest, exchange: ScanExchange, identity: Identity | undefined): void {
    const method = request.method.toUpperCase();
    const status = exchange.response.status;
    if (method === 'DELETE' && status >= 200 && status < 300) {
      const path = new URL(exchange.request.url).pathname;
      const index = this.created.findIndex((object) => object.location === path);
      if (index >= 0) this.created.splice(index, 1);
      return;
    }
    const made = createdObjectOf(request, exchange, identity, this.options.spec.operations, this.options.login);
    if (made) this.created.push(made);
  }

  private async restore(object: Guarded): Promise<void> {
    const now = await this.read(object.request, object.reader);
    if (!now) return this.leave(object, differingFields(object.before, {}), {}, 'it could not be read after the check');
    if (differingFields(object.before, now).length === 0) return this.settled(object);
    const request = restoreRequest(object.request, object.before, now, this.options.spec);
    if (request) await this.owed(request, object.reader);
    const after = (request && (await this.read(object.request, object.reader))) ?? now;
    const left = differingFields(object.before, after);
    this.settled(object);
    this.leave(object, left, after, request ? 'the API did not take the old value back' : 'the spec has no PUT or PATCH of it to set it back');
  }

  private leave(object: Guarded, fields: readonly string[], now: Record<string, unknown>, why: string): void {
    for (const field of fields) {
      const before = object.before[field];
      this.left.set(`${object.path}\u0000${field}`, {
        user: object.reader.name,
        path: object.path,
        field,
        ...(before !== undefined && { before: JSON.stringify(before) }),
        ...(now[field] !== undefined && { now: JSON.stringify(now[field]) }),
        why: before === undefined ? 'it was absent before and the API cannot remove it' : why,
      });
    }
  }

  /** A later check may change the object again and set it back: only what is left after the last one is listed. */
  private settled(object: Guarded): void {
    for (const key of [...this.left.keys()]) if (key.startsWith(`${object.path}\u0000`)) this.left.delete(key);
  }

  private async remove(object: CreatedObject): Promise<void> {
    if (object.location === undefined)
      return void this.leftObjects.push({
        user: object.creator?.name ?? 'no user',
        create: object.create,
        why: 'its answer gave no id or Location to delete it by',
      });
    // A DELETE the spec does not document is not guessed at: the object is listed.
    if (!object.deleteDocumented)
      return void this.leftObjects.push({
        user: object.creator?.name ?? 'no user',
        create: object.create,
        location: object.location,
        why: 'the spec documents no DELETE of it',
      });
    const exchange = await this.owed({ method: 'DELETE', path: object.location }, object.creator);
    const status = exchange?.response.status;
    if (status !== undefined && ((status >= 200 && status < 300) || status === 404 || status === 410)) return;
    this.leftObjects.push({
      user: object.creator?.name ?? 'no user',
      create: object.create,
      location: object.location,
      why: status === undefined ? 'its DELETE got no answer' : `its DELETE answered ${status}`,
    });
  }

  private async read(request: ScanRequest, reader: Identity): Promise<Record<string, unknown> | undefined> {
    const exchange = await this.owed(request, reader);
    return exchange && readObject(exchange);
  }

  /** A request the scan owes; undefined when it got no answer (the target is still there: a timeout, a dropped connection). */
  private async owed(request: ScanRequest, identity: Identity | undefined): Promise<ScanExchange | undefined> {
    try {
      return await this.client.sendOwed(request, identity);
    } catch (error) {
      if (error instanceof HttpRequestError && error.failure !== 'connection_refused' && error.failure !== 'dns') return undefined;
      throw error;
    }
  }
}
