import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import type { ReferenceSource } from '../test-run.js';
import type { ReferenceSlot } from '../test-case.js';
import { harvestResponse } from './harvest-response.js';
import { fieldNamesFor, isBareReference, pathParameterResource } from './resource-names.js';
import { slotResource } from './reference-slots.js';
import type { SeedData } from './seed-data.js';

/** A value a slot may be filled with, and where it came from. */
export interface Candidate {
  value: string | number | boolean;
  source: ReferenceSource;
  /** The path parameters of the request whose answer gave it: an order of `/customers/7/orders` belongs to customer 7. */
  context?: PathContext;
}

/** Path parameter → the value a request sent there, and where that came from when the run filled it. */
export type PathContext = Record<string, { value: string; source?: ReferenceSource }>;

interface Entry extends Candidate {
  resource?: string;
  field: string;
  value: string | number;
  /** The resources and ids its request's path named: gone with them when a DELETE removes one. */
  parents: string[];
  /** Given by a POST's answer: a thing the run made, which a replay can make again. */
  created: boolean;
  /** The case's place in the run, then the value's in its answer: the order entries are offered in. */
  order: [number, number];
}

/**
 * The API's own data, as far as the run has seen it: the values of earlier 2xx answers (see
 * harvestResponse) and the user's `--seed-data`. What a phase of the run harvests is offered only
 * once the phase has finished (`commit`), in case order, so which value a case gets does not hang
 * on which request came back first. A value a DELETE removed is offered no more, nor one read
 * below it (the photos of a deleted pet).
 */
export class ReferencePool {
  /** What is offered, by field name, in the order offered (then sorted created first where asked for). */
  private readonly byField = new Map<string, Entry[]>();
  private pending: Entry[] = [];
  private readonly removed = new Set<string>();
  private readonly paths: string[];

  constructor(
    spec: FalconSpec,
    private readonly seed?: SeedData,
  ) {
    this.paths = [...new Set(spec.operations.map((operation) => operation.path))];
  }

  /** Keeps what a 2xx answer of case `index` holds, for the phases after this one; `context`: the path its request sent. */
  harvest(index: number, caseId: string, operation: SpecOperation, answer: { body: string; location?: string }, context: PathContext = {}): void {
    const created = operation.method === 'POST';
    const parents = Object.entries(context).map(([name, { value }]) => removalKey(pathParameterResource(operation.path, name), value));
    harvestResponse(operation, answer.body, answer.location, this.paths).forEach((value, seq) => {
      const source: ReferenceSource = value.jsonPath === undefined ? { case: caseId, header: 'location' } : { case: caseId, jsonPath: value.jsonPath };
      this.pending.push({ ...value, source, created, order: [index, seq], parents, ...(Object.keys(context).length > 0 && { context }) });
    });
  }

  /** A DELETE answered 2xx for this value of a resource: it names nothing any more. */
  forget(resource: string | undefined, value: string): void {
    this.removed.add(removalKey(resource, value));
  }

  /** The end of a phase: what it harvested becomes available, in case order. */
  commit(): void {
    this.pending.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
    for (const entry of this.pending) {
      const entries = this.byField.get(entry.field);
      if (entries) entries.push(entry);
      else this.byField.set(entry.field, [entry]);
    }
    this.pending = [];
    const kept = (entry: Entry) =>
      !this.removed.has(removalKey(entry.resource, String(entry.value))) && !entry.parents.some((parent) => this.removed.has(parent));
    for (const [field, entries] of this.byField) this.byField.set(field, entries.filter(kept));
  }

  /**
   * What may fill the slot, best first: the seed data's values for its name; then fields of the
   * resource it names (`customerId` → a customer's `customerId`, then its `id`), things the run
   * created before things it listed; then a field of the slot's own name in any answer (an
   * order's `customerId`). A value read below a path whose parameters `chosen` gives other
   * values (an order of another customer) is left out.
   */
  *candidates(slot: ReferenceSlot, operation: SpecOperation, chosen: ReadonlyMap<string, string> = new Map()): Generator<Candidate> {
    const name = slot.sameAs ?? slot.name;
    for (const value of this.seed?.values.get(name) ?? []) yield { value: value.value, source: { seed: this.seed!.file } };
    const resource = slotResource(slot, operation);
    const fits = (entry: Entry) =>
      Object.entries(entry.context ?? {}).every(([parameter, { value }]) => !chosen.has(parameter) || chosen.get(parameter) === value);
    const ranked = (entries: Entry[]) => entries.filter(fits).sort((a, b) => Number(b.created) - Number(a.created));
    if (resource !== undefined) {
      for (const field of fieldNamesFor(name, resource)) yield* ranked((this.byField.get(field) ?? []).filter((entry) => entry.resource === resource));
    }
    if (!isBareReference(name)) yield* ranked((this.byField.get(name) ?? []).filter((entry) => entry.resource !== resource));
  }
}

function removalKey(resource: string | undefined, value: string): string {
  return `${resource ?? ''}\u0000${value}`;
}
