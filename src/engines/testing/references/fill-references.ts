import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { withField } from '../generate/body-fields.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { ReferenceSlot, TestCase } from '../test-case.js';
import type { ReferenceSource } from '../test-run.js';
import type { ReferencePool } from './reference-pool.js';
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
 * that makes it valid). A slot with no such candidate keeps its generated value, as does a body
 * field of a body sent as text; a body field that repeats a path parameter takes that parameter's
 * value. `undefined` when nothing was filled.
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
  // The path parameters first: a body field that repeats one follows it.
  const ordered = [...slots].sort((a, b) => Number(a.sameAs !== undefined) - Number(b.sameAs !== undefined));
  let request = testCase.request;
  for (const slot of ordered) {
    const placeholder = slotPlaceholder(slot);
    let chosen = values.has(placeholder)
      ? { value: values.get(placeholder)!, source: used.find((entry) => entry.placeholder === placeholder)!.source }
      : undefined;
    if (!chosen && slot.sameAs !== undefined) continue;
    // A body sent as exact text (a near miss such as `{"count":+1}`) has no field to fill.
    if (slot.in === 'body' && (typeof request.body !== 'object' || request.body === null)) continue;
    if (!chosen) {
      const schema = slotSchema(slot, operation, spec);
      for (const candidate of pool.candidates(slot, operation)) {
        const value = valueForSchema(candidate.value, schema, validator);
        if (value !== undefined) {
          chosen = { value, source: candidate.source };
          break;
        }
      }
    }
    if (!chosen) continue;
    values.set(placeholder, chosen.value);
    used.push({ slot, label: slotLabel(slot), placeholder, value: chosen.value, source: chosen.source });
    request =
      slot.in === 'path'
        ? { ...request, pathParams: { ...request.pathParams, [slot.name]: `{{${placeholder}}}` } }
        : { ...request, body: withField(request.body, slot.field ?? [slot.name], `{{${placeholder}}}`) };
  }
  return used.length === 0 ? undefined : { testCase: { ...testCase, request }, values, used };
}
