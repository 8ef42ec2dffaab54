import { asObject } from '../../spec/json-values.js';
import type { TestCase } from '../test-case.js';
import { bodyFields, fieldLabel, withField, type BodyField } from './body-fields.js';
import { slugOf } from './case-ids.js';
import { invalidValues } from './invalid-values.js';
import { operationCase, operationLabel, withBody, withParameter, type OperationCases } from './operation-case.js';
import { isJsonMediaType } from './request-body.js';
import type { BodyValue, RequestValues } from './request-values.js';
import { flattenSchema, schemaTypes } from './schema-shape.js';
import { describeValue } from './value-change.js';

/** Enough to cover a large body; past it the cases say little more. */
const MAX_NEGATIVE_CASES = 60;

type AddCase = (slug: string, name: string, mutation: string, values: RequestValues) => void;

/**
 * Requests the spec says are invalid, each one change away from a valid request: a required
 * parameter, body or field left out, a value of the wrong type, out of range, too short or long,
 * outside its enum, not matching its pattern, a field where `additionalProperties` is false.
 * Every changed value is checked against its schema: a change that is in fact valid is dropped.
 */
export function negativeCases(generation: OperationCases, base: RequestValues): TestCase[] {
  const cases: TestCase[] = [];
  const add: AddCase = (slug, name, mutation, values) => cases.push(operationCase(generation, 'negative', slug, name, values, { mutation, expectRejection: true }));
  parameterNegatives(generation, base, add);
  if (base.body && generation.operation.requestBody?.required) {
    add('body-missing', `${operationLabel(generation.operation)} without its required body`, 'removed the request body', withBody(base, undefined));
  }
  if (base.body) bodyNegatives(generation, base, base.body, add);
  return cases.slice(0, MAX_NEGATIVE_CASES);
}

/** Required query and header parameters left out; path and query parameters with invalid values. */
function parameterNegatives({ operation, context }: OperationCases, base: RequestValues, add: AddCase): void {
  const label = operationLabel(operation);
  base.parameters.forEach(({ parameter, value }, index) => {
    const where = `${parameter.in} parameter "${parameter.name}"`;
    if (parameter.required && (parameter.in === 'query' || parameter.in === 'header')) {
      add(`${parameter.in}-${parameter.name}-missing`, `${label} without required ${where}`, `removed the required ${where}`, withParameter(base, index, undefined));
    }
    if (!parameter.schema || (parameter.in !== 'path' && parameter.in !== 'query')) return;
    for (const change of invalidValues(flattenSchema(parameter.schema, context.spec), value, parameter.in)) {
      if (context.validator.isValid(parameter.schema, change.value) !== false) continue;
      add(`${parameter.in}-${parameter.name}-${change.slug}`, `${label} with ${where} ${change.phrase}`, `${where} set to ${describeValue(change.value)}`, withParameter(base, index, change.value));
    }
  });
}

/** Body fields left out, added where forbidden, or (in JSON, which keeps types) given invalid values. */
function bodyNegatives({ operation, context }: OperationCases, base: RequestValues, body: BodyValue, add: AddCase): void {
  const schema = body.schema;
  if (!schema) return;
  const label = operationLabel(operation);
  const typed = isJsonMediaType(body.mediaType);
  const invalid = (value: unknown) => context.validator.isValid(schema, value) === false;
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
    if (!typed) continue;
    for (const change of invalidValues(field.schema, field.value, 'json')) {
      if (!invalid(changed(change.value))) continue;
      add(`${fieldSlug(field)}-${change.slug}`, `${label} with ${named ?? 'a body'} ${change.phrase}`, `${named ? `body field ${named}` : 'body'} set to ${describeValue(change.value)}`, withBody(base, changed(change.value)));
    }
  }
}

function fieldSlug(field: BodyField): string {
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
