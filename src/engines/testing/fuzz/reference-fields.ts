import type { FalconSpec, JsonSchema, SpecOperation } from '../../spec/spec-format.js';
import type { UsedReference } from '../references/fill-references.js';
import { slotSchema } from '../references/reference-slots.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { FuzzInput } from './fuzz-target.js';

/** A body field the run filled from the API's own data, which every fuzzed body that holds a valid value there keeps. */
export interface BodyReference {
  used: UsedReference;
  field: Array<string | number>;
  schema?: JsonSchema;
}

/** The body references of the case's fill, with their fields' schemas. */
export function bodyReferences(used: readonly UsedReference[], operation: SpecOperation, spec: FalconSpec): BodyReference[] {
  return used.flatMap((reference) => {
    if (reference.slot.in !== 'body') return [];
    const schema = slotSchema(reference.slot, operation, spec);
    return [{ used: reference, field: reference.slot.field ?? [reference.slot.name], ...(schema && { schema }) }];
  });
}

/**
 * The input with each reference field that fuzzing drew a valid value for set to the API's own
 * value (or its `{{placeholder}}`, for a reproduction's template): a valid input then names a thing
 * the API has, so it reaches the logic behind the lookup. A value drawn outside the field's schema
 * stays, as what the input tests. Returns the references it set.
 */
export function withReferenceFields(
  input: FuzzInput,
  references: readonly BodyReference[],
  validator: SpecSchemaValidator,
  as: 'value' | 'placeholder' = 'value',
): { input: FuzzInput; applied: BodyReference[] } {
  if (references.length === 0 || input.body === null || typeof input.body !== 'object') return { input, applied: [] };
  const body = structuredClone(input.body) as Record<string | number, unknown>;
  const applied = references.filter((reference) => {
    let parent: unknown = body;
    for (const part of reference.field.slice(0, -1))
      parent = parent !== null && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[part] : undefined;
    const last = reference.field.at(-1)!;
    if (parent === null || typeof parent !== 'object' || !(last in parent)) return false;
    const holder = parent as Record<string | number, unknown>;
    if (reference.schema && validator.isValid(reference.schema, holder[last]) !== true) return false;
    holder[last] = as === 'value' ? reference.used.value : `{{${reference.used.placeholder}}}`;
    return true;
  });
  return { input: applied.length > 0 ? { ...input, body } : input, applied };
}
