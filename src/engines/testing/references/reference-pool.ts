import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import type { ReferenceSource } from '../test-run.js';
import type { ReferenceSlot } from '../test-case.js';
import { harvestResponse } from './harvest-response.js';
import { fieldNamesFor, isBareReference } from './resource-names.js';
import { slotResource } from './reference-slots.js';
import type { SeedData } from './seed-data.js';

/** A value a slot may be filled with, and where it came from. */
export interface Candidate {
  value: string | number | boolean;
  source: ReferenceSource;
}

interface Entry {
  resource?: string;
  field: string;
  value: string | number;
  source: ReferenceSource;
  /** Given by a POST's answer: a thing the run made, which a replay can make again. */
  created: boolean;
  /** The case's place in the run, then the value's in its answer: the order entries are offered in. */
  order: [number, number];
}

/**
 * The API's own data, as far as the run has seen it: the values of earlier 2xx answers (see
 * harvestResponse) and the user's `--seed-data`. What a phase of the run harvests is offered only
 * once the phase has finished (`commit`), in case order, so which value a case gets does not hang
 * on which request came back first. A value a DELETE removed is offered no more.
 */
export class ReferencePool {
  private visible: Entry[] = [];
  private pending: Entry[] = [];
  private readonly removed = new Set<string>();
  private readonly paths: string[];

  constructor(
    spec: FalconSpec,
    private readonly seed?: SeedData,
  ) {
    this.paths = [...new Set(spec.operations.map((operation) => operation.path))];
  }

  /** Keeps what a 2xx answer of case `index` holds, for the phases after this one. */
  harvest(index: number, caseId: string, operation: SpecOperation, answer: { body: string; location?: string }): void {
    const created = operation.method === 'POST';
    harvestResponse(operation, answer.body, answer.location, this.paths).forEach((value, seq) => {
      const source: ReferenceSource = value.jsonPath === undefined ? { case: caseId, header: 'location' } : { case: caseId, jsonPath: value.jsonPath };
      this.pending.push({ ...value, source, created, order: [index, seq] });
    });
  }

  /** A DELETE answered 2xx for this value of a resource: it names nothing any more. */
  forget(resource: string | undefined, value: string): void {
    this.removed.add(removalKey(resource, value));
  }

  /** The end of a phase: what it harvested becomes available, in case order. */
  commit(): void {
    this.pending.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
    this.visible.push(...this.pending);
    this.pending = [];
    this.visible = this.visible.filter((entry) => !this.removed.has(removalKey(entry.resource, String(entry.value))));
  }

  /**
   * What may fill the slot, best first: the seed data's values for its name; then fields of the
   * resource it names (`customerId` → a customer's `customerId`, then its `id`), things the run
   * created before things it listed; then a field of the slot's own name in any answer (an
   * order's `customerId`).
   */
  *candidates(slot: ReferenceSlot, operation: SpecOperation): Generator<Candidate> {
    const name = slot.sameAs ?? slot.name;
    for (const value of this.seed?.values.get(name) ?? []) yield { value: value.value, source: { seed: this.seed!.file } };
    const resource = slotResource(slot, operation);
    const ranked = (entries: Entry[]) => [...entries].sort((a, b) => Number(b.created) - Number(a.created));
    if (resource !== undefined) {
      for (const field of fieldNamesFor(name, resource)) {
        yield* ranked(this.visible.filter((entry) => entry.resource === resource && entry.field === field));
      }
    }
    if (!isBareReference(name)) yield* ranked(this.visible.filter((entry) => entry.field === name && entry.resource !== resource));
  }
}

function removalKey(resource: string | undefined, value: string): string {
  return `${resource ?? ''}\u0000${value}`;
}
