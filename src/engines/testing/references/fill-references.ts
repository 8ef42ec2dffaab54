import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { withField } from '../generate/body-fields.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { ReferenceSlot, TestCase } from '../test-case.js';
import type { ReferenceSource } from '../test-run.js';
import type { Candidate, ReferencePool } from './reference-pool.js';
import { slotLabel, slotPlaceholder, slotSchema } from './reference-slots.js';
import { valueForSchema } from './schema-value.js';

/** A reference the run filled: the slot, its `{{placeholder}}`, the value as the schema wants it, and where it came from. */
export interface UsedReference {
  slot: ReferenceSlot;
  label: string;
  placeholder: string;
  value: string | number | boolean;
  source: ReferenceSource;
}

export interface ReferenceFill {
  /** The case with each filled slot written `{{placeholder}}`. */
  testCase: TestCase;
  /** Placeholder → the value it is sent as (a JSON body keeps a number a number). */
  values: Map<string, string | number | boolean>;
  used: UsedReference[];
}

/**
 * The case with its reference slots (TestCase.references) filled from the pool: for each, the
 * first candidate valid by the slot's schema (a number read as text, or the other way round, when
 * that makes it valid). The path goes from its last parameter to its first, so that an item and
 * what it belongs to stay together: the order of `/customers/{customerId}/orders/{orderId}` is
 * chosen first, then its own customer. A slot with no such candidate keeps its generated value, as
 * does a body field of a body sent as text; a body field that repeats a path parameter takes that
 * parameter's value. `undefined` when nothing was filled.
 */
export function fillReferences(
  testCase: TestCase,
  operation: SpecOperation,
  pool: ReferencePool,
  spec: FalconSpec,
  validator: SpecSchemaValidator,
): ReferenceFill | undefined {
  const slots = testCase.references ?? [];
  if (slots.length === 0) return undefined;
  const values = new Map<string, string | number | boolean>();
  const used: UsedReference[] = [];
  // The path parameters first, deepest first; a body field that repeats one follows it.
  const depth = (slot: ReferenceSlot) => (slot.in === 'path' ? -operation.path.indexOf(`{${slot.name}}`) : slot.sameAs === undefined ? 1 : 2);
  const ordered = [...slots].sort((a, b) => depth(a) - depth(b));
  // What the path parameters chosen so far are, and what the items chosen say their parents are.
  const path = new Map<string, string>();
  const parents = new Map<string, Candidate>();
  let request = testCase.request;
  for (const slot of ordered) {
    // A body sent as text (a near miss such as `{"count":+1}`, which no JSON value holds) has no field to fill.
    if (slot.in !== 'path' && (request.bodyIsText || typeof request.body !== 'object' || request.body === null)) continue;
    const placeholder = slotPlaceholder(slot);
    let chosen = values.has(placeholder)
      ? { value: values.get(placeholder)!, source: used.find((entry) => entry.placeholder === placeholder)!.source }
      : undefined;
    if (!chosen && slot.sameAs !== undefined) continue;
    if (!chosen) {
      const schema = slotSchema(slot, operation, spec);
      const parent = slot.in === 'path' ? parents.get(slot.name) : undefined;
      for (const candidate of offered(parent, pool.candidates(slot, operation, path))) {
        const value = valueForSchema(candidate.value, schema, validator);
        if (value !== undefined) {
          chosen = { value, source: candidate.source };
          if (slot.in === 'path') remember(candidate, parents);
          break;
        }
      }
    }
    if (!chosen) continue;
    if (slot.in === 'path') path.set(slot.name, String(chosen.value));
    values.set(placeholder, chosen.value);
    used.push({ slot, label: slotLabel(slot), placeholder, value: chosen.value, source: chosen.source });
    request =
      slot.in === 'path'
        ? { ...request, pathParams: { ...request.pathParams, [slot.name]: `{{${placeholder}}}` } }
        : { ...request, body: withField(request.body, slot.field ?? [slot.name], `{{${placeholder}}}`) };
  }
  return used.length === 0 ? undefined : { testCase: { ...testCase, request }, values, used };
}

/** The parents an item's context names, where the run knows where their values came from. */
function remember(candidate: Candidate, parents: Map<string, Candidate>): void {
  for (const [name, { value, source }] of Object.entries(candidate.context ?? {})) if (source && !parents.has(name)) parents.set(name, { value, source });
}

/** The parent's value first, when an item chosen before named it, then what the pool offers, taken one at a time. */
function* offered(parent: Candidate | undefined, pool: Iterable<Candidate>): Generator<Candidate> {
  if (parent) yield parent;
  yield* pool;
}
