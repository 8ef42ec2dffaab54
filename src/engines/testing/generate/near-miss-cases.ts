import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { textVerdict } from '../fuzz/input-verdict.js';
import type { TestCase } from '../test-case.js';
import { bodyFields, fieldLabel, withField } from './body-fields.js';
import { FRAMING_HEADERS, fieldSlug } from './negative-cases.js';
import { nearMissLabel, nearMissValues, withArticle } from './near-miss-values.js';
import { operationCase, operationLabel, withBody, withParameter, type OperationCases } from './operation-case.js';
import { isJsonMediaType } from './request-body.js';
import type { BodyValue, RequestValues } from './request-values.js';
import { flattenSchema } from './schema-shape.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import { describeValue, type ValueChange } from './value-change.js';

/** Near-miss cases per operation, at most: past these, the cases say little more. */
const MAX_NEAR_MISS_CASES = 40;
/** Stands for a value in a body's JSON text until the text the value is written as (`+1`) takes its place. */
const PLACEHOLDER_VALUE = 'falcon:near-miss-value';

type AddCase = (slug: string, name: string, mutation: string, values: RequestValues, change: ValueChange) => TestCase;

/**
 * Requests one near miss away from a valid request (near-miss-values.ts), each invalid by the spec:
 * in path, query and header parameters a value kept only when read as text the way every parser
 * reads it (`05` for an integer is not: some parsers take it) it is outside the schema, and inside
 * it without the keywords it breaks; in a JSON body a value the body's schema refuses, and `+1`
 * written as JSON text; in a form body, its top-level fields' near misses that are text.
 */
export function nearMissCases(generation: OperationCases, base: RequestValues): TestCase[] {
  const cases: TestCase[] = [];
  const add: AddCase = (slug, name, mutation, values, change) => {
    const testCase = operationCase(generation, 'negative', slug, name, values, { mutation, expectRejection: true, nearMiss: nearMissLabel(change) });
    cases.push(testCase);
    return testCase;
  };
  parameterNearMisses(generation, base, add);
  if (base.body?.schema) bodyNearMisses(generation, base, base.body, base.body.schema, add);
  return cases.slice(0, MAX_NEAR_MISS_CASES);
}

function parameterNearMisses({ operation, context }: OperationCases, base: RequestValues, add: AddCase): void {
  const { spec, validator } = context;
  const label = operationLabel(operation);
  base.parameters.forEach(({ parameter, value }, index) => {
    if (!parameter.schema || parameter.in === 'cookie' || (parameter.in === 'header' && FRAMING_HEADERS.has(parameter.name.toLowerCase()))) return;
    const schema = parameter.schema;
    const flat = flattenSchema(schema, spec);
    const inside = (keywords: readonly string[], text: unknown) => textVerdict(validator, without(flat, keywords), text, spec) === 'inside';
    const where = `${parameter.in} parameter "${parameter.name}"`;
    const random = context.random.fork(`near miss ${parameter.in} ${parameter.name}`);
    for (const change of nearMissValues(flat, value, parameter.in, random, inside)) {
      if (change.jsonText !== undefined || !isNearMissText(validator, schema, flat, change, spec)) continue;
      add(
        `${parameter.in}-${parameter.name}-${change.slug}`,
        `${label} with ${where} ${change.phrase}`,
        `${where} set to ${describeValue(change.value)}, ${kindWords(change)}`,
        withParameter(base, index, change.value),
        change,
      );
    }
  });
}

/**
 * Whether a parameter's near miss, sent as text, is outside its schema however a parser reads it,
 * and inside it without the keywords it breaks.
 */
export function isNearMissText(validator: SpecSchemaValidator, schema: JsonSchema, flat: JsonSchema, change: ValueChange, spec: FalconSpec): boolean {
  if (textVerdict(validator, schema, change.value, spec) !== 'outside') return false;
  return change.breaks === undefined || textVerdict(validator, without(flat, change.breaks), change.value, spec) === 'inside';
}

function bodyNearMisses({ operation, context }: OperationCases, base: RequestValues, body: BodyValue, schema: JsonSchema, add: AddCase): void {
  const label = operationLabel(operation);
  const typed = isJsonMediaType(body.mediaType);
  for (const field of bodyFields(schema, body.value, context.spec)) {
    if (!typed && field.path.length !== 1) continue;
    const named = field.path.length > 0 ? `"${fieldLabel(field.path)}"` : undefined;
    const where = named ? `body field ${named}` : 'body';
    const taken = (keywords: readonly string[], value: unknown) => context.validator.isValid(without(field.schema, keywords), value) === true;
    const random = context.random.fork(`near miss body ${fieldLabel(field.path)}`);
    for (const change of nearMissValues(field.schema, field.value, 'json', random, taken)) {
      const slug = `${fieldSlug(field)}-${change.slug}`;
      const name = `${label} with ${named ?? 'a body'} ${change.phrase}`;
      if (change.jsonText !== undefined) {
        if (!typed) continue;
        const sent = add(
          slug,
          name,
          `${where} written ${change.jsonText}, ${kindWords(change)}`,
          withBody(base, withField(body.value, field.path, PLACEHOLDER_VALUE)),
          change,
        );
        sent.request.body = JSON.stringify(sent.request.body).replace(JSON.stringify(PLACEHOLDER_VALUE), change.jsonText);
        sent.request.bodyIsText = true;
        continue;
      }
      if (!typed && typeof change.value !== 'string') continue;
      const changed = withField(body.value, field.path, change.value);
      if (context.validator.isValid(schema, changed) !== false || (change.breaks && !taken(change.breaks, change.value))) continue;
      add(slug, name, `${where} set to ${describeValue(change.value)}, ${kindWords(change)}`, withBody(base, changed), change);
    }
  }
}

/** The schema without these keywords. */
function without(schema: JsonSchema, keywords: readonly string[]): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keywords.includes(key)));
}

/** `an email without TLD`. */
function kindWords(change: ValueChange): string {
  return withArticle(change.nearMiss ?? change.phrase);
}
