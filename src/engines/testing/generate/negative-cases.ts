import { asObject } from '../../spec/json-values.js';
import type { TestCase } from '../test-case.js';
import { bodyFields, fieldLabel, withField, type BodyField } from './body-fields.js';
import { slugOf } from './case-ids.js';
import { invalidValues } from './invalid-values.js';
import { isRefused, malformedNote } from './malformed-formats.js';
import { operationCase, operationLabel, withBody, withParameter, type OperationCases } from './operation-case.js';
import { isJsonMediaType } from './request-body.js';
import type { BodyValue, RequestValues } from './request-values.js';
import { flattenSchema, schemaTypes } from './schema-shape.js';
import { describeValue, type ValueChange } from './value-change.js';

/** Enough to cover a large body; past it the cases say little more. */
const MAX_NEGATIVE_CASES = 80;

/** Headers the HTTP client frames the message with: a value of the wrong shape could not be sent, or would reach another host. */
export const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer', 'host']);

type AddCase = (slug: string, name: string, mutation: string, values: RequestValues) => void;

/**
 * Requests the spec says are invalid, each one change away from a valid request: a required
 * parameter, body or field left out, a value of the wrong type, malformed for its format (`uuid`,
 * `email`, `date-time`…), too short, outside its enum, not matching its pattern, a field where
 * `additionalProperties` is false. (Near misses, such as a value just out of range: near-miss-cases.ts.) Every changed value is checked against
 * its schema: a change that is in fact valid is dropped.
 */
export function negativeCases(generation: OperationCases, base: RequestValues): TestCase[] {
  const cases: TestCase[] = [];
  const add: AddCase = (slug, name, mutation, values) =>
    cases.push(operationCase(generation, 'negative', slug, name, values, { mutation, expectRejection: true }));
  parameterNegatives(generation, base, add);
  if (base.body && generation.operation.requestBody?.required) {
    add('body-missing', `${operationLabel(generation.operation)} without its required body`, 'removed the request body', withBody(base, undefined));
  }
  if (base.body) bodyNegatives(generation, base, base.body, add);
  return cases.slice(0, MAX_NEGATIVE_CASES);
}

/** Required query and header parameters left out; path, query and header parameters with invalid values. */
function parameterNegatives({ operation, context }: OperationCases, base: RequestValues, add: AddCase): void {
  const label = operationLabel(operation);
  base.parameters.forEach(({ parameter, value }, index) => {
    const where = `${parameter.in} parameter "${parameter.name}"`;
    if (parameter.required && (parameter.in === 'query' || parameter.in === 'header')) {
      add(
        `${parameter.in}-${parameter.name}-missing`,
        `${label} without required ${where}`,
        `removed the required ${where}`,
        withParameter(base, index, undefined),
      );
    }
    if (!parameter.schema || parameter.in === 'cookie' || (parameter.in === 'header' && FRAMING_HEADERS.has(parameter.name.toLowerCase()))) return;
    for (const change of invalidValues(flattenSchema(parameter.schema, context.spec), value, parameter.in)) {
      if (!isRefused(context.validator.isValid(parameter.schema, change.value), change, context.validator)) continue;
      add(
        `${parameter.in}-${parameter.name}-${change.slug}`,
        `${label} with ${where} ${change.phrase}`,
        `${where} set to ${describeValue(change.value)}${malformedNote(change)}`,
        withParameter(base, index, change.value),
      );
    }
  });
}

/** Body fields left out, added where forbidden, or given invalid values (in a form, whose values are all text, only malformed formats). */
function bodyNegatives({ operation, context }: OperationCases, base: RequestValues, body: BodyValue, add: AddCase): void {
  const schema = body.schema;
  if (!schema) return;
  const label = operationLabel(operation);
  const typed = isJsonMediaType(body.mediaType);
  const invalid = (value: unknown) => context.validator.isValid(schema, value) === false;
  const refused = (value: unknown, change: ValueChange) => isRefused(context.validator.isValid(schema, value), change, context.validator);
  for (const field of bodyFields(schema, body.value, context.spec)) {
    if (!typed && field.path.length > 1) continue;
    const named = field.path.length > 0 ? `"${fieldLabel(field.path)}"` : undefined;
    const changed = (value: unknown) => withField(body.value, field.path, value);
    if (named && field.required && field.value !== undefined && invalid(changed(undefined))) {
      add(`${fieldSlug(field)}-missing`, `${label} without required ${named}`, `removed the required body field ${named}`, withBody(base, changed(undefined)));
    }
    const unexpected = unexpectedField(field);
    if (unexpected && invalid(changed(unexpected.value))) {
      add(
        `${fieldSlug(field)}-unexpected-field`,
        `${label}${named ? ` ${named}` : ''} with the unexpected field "${unexpected.name}"`,
        `added the field "${unexpected.name}" where additionalProperties is false`,
        withBody(base, changed(unexpected.value)),
      );
    }
    for (const change of invalidValues(field.schema, field.value, 'json')) {
      if ((!typed && change.format === undefined) || !refused(changed(change.value), change)) continue;
      add(
        `${fieldSlug(field)}-${change.slug}`,
        `${label} with ${named ?? 'a body'} ${change.phrase}`,
        `${named ? `body field ${named}` : 'body'} set to ${describeValue(change.value)}${malformedNote(change)}`,
        withBody(base, changed(change.value)),
      );
    }
  }
}

/** `owner-name` for the field `owner.name`; `body` for the body itself. */
export function fieldSlug(field: BodyField): string {
  return field.path.length > 0 ? slugOf(fieldLabel(field.path)) : 'body';
}

/** The object with one property it does not declare, when it forbids those. */
function unexpectedField(field: BodyField): { name: string; value: Record<string, unknown> } | undefined {
  const object = asObject(field.value);
  if (!object || field.schema.additionalProperties !== false || !schemaTypes(field.schema).includes('object')) return undefined;
  const declared = asObject(field.schema.properties) ?? {};
  let name = 'unexpected_field';
  while (name in declared || name in object) name += '_x';
  return { name, value: { ...object, [name]: 'unexpected' } };
}
