import { asArray, asObject } from '../../spec/json-values.js';
import type { JsonSchema } from '../../spec/spec-format.js';
import { sharedSchemaName } from '../../spec/shared-schemas.js';
import { textVerdict } from '../fuzz/input-verdict.js';
import type { TestCase } from '../test-case.js';
import { bodyFields, fieldLabel, withField, type BodyField } from './body-fields.js';
import { branchTag, type BranchTag } from './branch-tag.js';
import { FRAMING_HEADERS, fieldSlug } from './negative-cases.js';
import { operationCase, operationLabel, withBody, withParameter, type OperationCases } from './operation-case.js';
import { isJsonMediaType } from './request-body.js';
import type { BodyValue, RequestValues } from './request-values.js';
import { SchemaSampler } from './sample-schema.js';
import { flattenSchema, mergeSchemas, referencedSchema } from './schema-shape.js';
import { describeValue } from './value-change.js';

/** Enum values tried per parameter; a longer enum is covered this far. */
const MAX_ENUM_VALUES = 25;
/** `oneOf`/`anyOf` branches tried per place in a body. */
const MAX_BRANCHES = 12;
/** Variant cases per operation: past these, the cases say little more. */
const MAX_VARIANT_CASES = 40;
/** Values sampled for a branch before giving up on a valid one. */
const BRANCH_ATTEMPTS = 5;

/**
 * Valid requests for the variants the spec documents beyond the one the valid request shows: each
 * other value of a parameter's `enum` (a query filter's, say; one item at a time for a list of
 * them), and each other branch of a `oneOf`/`anyOf` in a JSON body (its discriminator's tag set),
 * so that a response only one variant brings is checked too. Each is checked against the schema.
 */
export function variantCases(generation: OperationCases, base: RequestValues): TestCase[] {
  const cases = [...enumCases(generation, base)];
  const body = base.body;
  if (body?.schema && isJsonMediaType(body.mediaType)) cases.push(...branchCases(generation, base, body, body.schema));
  return cases.slice(0, MAX_VARIANT_CASES);
}

function enumCases(generation: OperationCases, base: RequestValues): TestCase[] {
  const { operation, context } = generation;
  const cases: TestCase[] = [];
  base.parameters.forEach(({ parameter, value }, index) => {
    if (!parameter.schema || parameter.in === 'cookie' || FRAMING_HEADERS.has(parameter.name.toLowerCase())) return;
    const schema = flattenSchema(parameter.schema, context.spec);
    const items = asObject(schema.items) && flattenSchema(schema.items, context.spec);
    const list = !Array.isArray(schema.enum) && Array.isArray(items?.enum);
    const options = asArray(list ? items?.enum : schema.enum).filter((option) => option !== null);
    const where = `${parameter.in} parameter "${parameter.name}"`;
    for (const option of options.slice(0, MAX_ENUM_VALUES)) {
      const candidate = list ? [option] : option;
      if (JSON.stringify(candidate) === JSON.stringify(value) || textVerdict(context.validator, parameter.schema, candidate, context.spec) !== 'inside')
        continue;
      cases.push(
        operationCase(
          generation,
          'happy',
          `${parameter.in}-${parameter.name}-${String(option)}`,
          `${operationLabel(operation)} with ${where} set to ${describeValue(option)}`,
          withParameter(base, index, candidate),
        ),
      );
    }
  });
  return cases;
}

function branchCases(generation: OperationCases, base: RequestValues, body: BodyValue, bodySchema: JsonSchema): TestCase[] {
  const cases: TestCase[] = [];
  for (const field of bodyFields(bodySchema, body.value, generation.context.spec)) {
    const keyword = Array.isArray(field.schema.oneOf) ? 'oneOf' : Array.isArray(field.schema.anyOf) ? 'anyOf' : undefined;
    if (keyword === undefined) continue;
    const branches = asArray(field.schema[keyword]);
    if (branches.length < 2) continue;
    branches.slice(0, MAX_BRANCHES).forEach((branch, index) => {
      const tag = branchTag(field.schema, branch);
      if (isCovered(generation, field, branch, tag)) return;
      const value = branchBody(generation, body, bodySchema, field, branch, tag);
      if (value === undefined) return;
      const named = field.path.length > 0 ? `"${fieldLabel(field.path)}"` : 'the body';
      const branchName = tag?.value ?? referencedSchema(asObject(branch) ?? {}, generation.context.spec)?.name ?? sharedSchemaName(branch);
      cases.push(
        operationCase(
          generation,
          'happy',
          `${fieldSlug(field)}-${keyword}-${index + 1}`,
          `${operationLabel(generation.operation)} with ${named} as ${keyword} branch ${index + 1} of ${branches.length}${branchName !== undefined ? ` (${branchName})` : ''}`,
          withBody(base, value),
        ),
      );
    });
  }
  return cases;
}

/** Whether the valid request's value already takes the branch: its tag, or (without one) valid by the branch. */
function isCovered({ context }: OperationCases, field: BodyField, branch: unknown, tag: BranchTag | undefined): boolean {
  if (field.value === undefined) return false;
  if (tag) return asObject(field.value)?.[tag.property] === tag.value;
  return context.validator.isValid(branchSchema(field, branch, context.spec), field.value) === true;
}

/** A body with the field's value drawn from the branch (examples first), valid by the body's schema and by the branch alone. */
function branchBody(
  { context }: OperationCases,
  body: BodyValue,
  bodySchema: JsonSchema,
  field: BodyField,
  branch: unknown,
  tag: BranchTag | undefined,
): unknown {
  const schema = branchSchema(field, branch, context.spec);
  const random = context.random.fork(`variant ${fieldLabel(field.path)} ${JSON.stringify(branch)}`);
  const accepts = (inner: JsonSchema, value: unknown) => context.validator.isValid(inner, value);
  for (let attempt = 0; attempt < BRANCH_ATTEMPTS; attempt++) {
    const sampler = new SchemaSampler(context.spec, random.fork(String(attempt)), { examples: attempt === 0, optional: true, variant: attempt, accepts });
    const sampled = sampler.sample(schema);
    const value = tag && asObject(sampled) ? { ...asObject(sampled), [tag.property]: tag.value } : sampled;
    if (context.validator.isValid(schema, value) !== true) continue;
    const changed = withField(body.value, field.path, value);
    if (context.validator.isValid(bodySchema, changed) === true) return changed;
  }
  return undefined;
}

/** The branch with the field's schema's other keywords (its properties, its discriminator). */
function branchSchema(field: BodyField, branch: unknown, spec: Parameters<typeof flattenSchema>[1]): JsonSchema {
  const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...rest } = field.schema;
  return mergeSchemas(rest, flattenSchema(branch, spec));
}
