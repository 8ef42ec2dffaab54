import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema, SpecOperation } from '../../spec/spec-format.js';
import { bodyFields } from '../generate/body-fields.js';
import { chooseMediaType, isJsonMediaType } from '../generate/request-body.js';
import type { RequestValues } from '../generate/request-values.js';
import { flattenSchema } from '../generate/schema-shape.js';
import type { ReferenceSlot } from '../test-case.js';
import { isBareReference, isReferenceName, nameResource, pathParameterResource, resourceKey } from './resource-names.js';

export type { ReferenceSlot } from '../test-case.js';

/** Where a slot's value sits in the values of a request. */
type Found = { found: true; value: unknown } | { found: false };

/** The reference slots of a valid request: each path parameter, and each body field named like a reference that it sends. */
export function referenceSlots(values: RequestValues, spec: FalconSpec): ReferenceSlot[] {
  const slots: ReferenceSlot[] = [];
  const paths = new Map<string, unknown>();
  for (const { parameter, value } of values.parameters) {
    if (parameter.in !== 'path' || !isScalar(value)) continue;
    slots.push({ in: 'path', name: parameter.name });
    paths.set(parameter.name, value);
  }
  const body = values.body;
  if (!body?.schema || !isJsonMediaType(body.mediaType) || !asObject(body.value)) return slots;
  for (const field of bodyFields(body.schema, body.value, spec)) {
    const key = field.path.at(-1);
    if (typeof key !== 'string' || !isScalar(field.value)) continue;
    const repeated = field.path.length === 1 ? [...paths].find(([name, value]) => (key === name || isBareReference(key)) && value === field.value) : undefined;
    if (repeated) slots.push({ in: 'body', name: key, field: field.path, sameAs: repeated[0] });
    else if (isReferenceName(key) && (!isBareReference(key) || typeof field.path.at(-2) === 'string')) slots.push({ in: 'body', name: key, field: field.path });
  }
  return slots;
}

/** The slots whose value in `values` is still the one of the valid request `base`: those a mutation left alone. */
export function untouchedSlots(slots: readonly ReferenceSlot[], base: RequestValues, values: RequestValues): ReferenceSlot[] {
  return slots.filter((slot) => {
    const before = slotValue(base, slot);
    const now = slotValue(values, slot);
    return before.found && now.found && JSON.stringify(before.value) === JSON.stringify(now.value);
  });
}

function slotValue(values: RequestValues, slot: ReferenceSlot): Found {
  if (slot.in === 'path') {
    const entry = values.parameters.find(({ parameter }) => parameter.in === 'path' && parameter.name === slot.name);
    return entry ? { found: true, value: entry.value } : { found: false };
  }
  let current: unknown = values.body?.value;
  for (const part of slot.field ?? []) {
    if (current === null || typeof current !== 'object') return { found: false };
    current = (current as Record<string | number, unknown>)[part];
  }
  return current === undefined ? { found: false } : { found: true, value: current };
}

/** `ref.customerId`, `ref.lines.0.productId`: the `{{name}}` a filled slot is sent as; a body field repeating a path parameter shares its name. */
export function slotPlaceholder(slot: ReferenceSlot): string {
  if (slot.sameAs !== undefined) return `ref.${slot.sameAs}`;
  return `ref.${slot.in === 'path' ? slot.name : (slot.field ?? [slot.name]).join('.')}`;
}

/** `path customerId`, `body lines[0].productId`: the slot as a person reads it. */
export function slotLabel(slot: ReferenceSlot): string {
  if (slot.in === 'path' || !slot.field) return `${slot.in} ${slot.name}`;
  return `body ${slot.field.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`)).join('')}`;
}

/** The resource a slot names: `customer` for `{customerId}` of `/customers/{customerId}`, body `customerId`, or `{"customer": {"id": …}}`. */
export function slotResource(slot: ReferenceSlot, operation: SpecOperation): string | undefined {
  if (slot.in === 'path') return pathParameterResource(operation.path, slot.name);
  if (slot.sameAs !== undefined) return pathParameterResource(operation.path, slot.sameAs);
  const parent = slot.field?.at(-2);
  return nameResource(slot.name) ?? (typeof parent === 'string' ? resourceKey(parent) : undefined);
}

/** The schema a slot's value must satisfy: the path parameter's, or the body field's within the body schema. */
export function slotSchema(slot: ReferenceSlot, operation: SpecOperation, spec: FalconSpec): JsonSchema | undefined {
  if (slot.in === 'path') return operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === slot.name)?.schema;
  const mediaType = operation.requestBody && chooseMediaType(operation.requestBody);
  let schema: JsonSchema | undefined = mediaType ? operation.requestBody?.content[mediaType]?.schema : undefined;
  for (const part of slot.field ?? []) {
    if (!schema) return undefined;
    const flat = flattenSchema(schema, spec);
    schema = typeof part === 'number' ? asObject(flat.items) : asObject(asObject(flat.properties)?.[part]);
  }
  return schema;
}

function isScalar(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}
