import type { JsonSchema } from '../../spec/spec-format.js';
import type { TestCase } from '../test-case.js';
import { bodyFields, fieldLabel, withField } from './body-fields.js';
import { slugOf } from './case-ids.js';
import { boundaryValues } from './boundary-values.js';
import { operationCase, operationLabel, withBody, withParameter, type OperationCases } from './operation-case.js';
import { isJsonMediaType } from './request-body.js';
import type { RequestValues } from './request-values.js';
import { SchemaSampler } from './sample-schema.js';
import { flattenSchema } from './schema-shape.js';
import type { SeededRandom } from './seeded-random.js';
import { describeValue, type ValuePlace } from './value-change.js';

const MAX_BOUNDARY_CASES = 60;
const UNIQUE_ITEM_TRIES = 20;

/**
 * Valid requests with one value at an edge of its schema (see boundaryValues), in path and query
 * parameters and JSON body fields. Each is checked against the schema and dropped unless valid.
 */
export function boundaryCases(generation: OperationCases, base: RequestValues): TestCase[] {
  const { operation, context } = generation;
  const label = operationLabel(operation);
  const cases: TestCase[] = [];
  const edges = (schema: JsonSchema, current: unknown, place: ValuePlace, where: string) => {
    const random = context.random.fork(`boundary ${where}`);
    const flat = flattenSchema(schema, context.spec);
    const item = itemMaker(flat, current, generation, random);
    return boundaryValues(flat, current, place, random, item).filter((change) => JSON.stringify(change.value) !== JSON.stringify(current));
  };

  base.parameters.forEach(({ parameter, value }, index) => {
    if (!parameter.schema || (parameter.in !== 'path' && parameter.in !== 'query')) return;
    for (const change of edges(parameter.schema, value, parameter.in, `${parameter.in} ${parameter.name}`)) {
      if (context.validator.isValid(parameter.schema, change.value) !== true) continue;
      cases.push(
        operationCase(
          generation,
          'boundary',
          `${parameter.in}-${parameter.name}-${change.slug}`,
          `${label} with ${parameter.in} parameter "${parameter.name}" ${change.phrase}`,
          withParameter(base, index, change.value),
          {
            mutation: `${parameter.in} parameter "${parameter.name}" set to ${describeValue(change.value)}`,
          },
        ),
      );
    }
  });

  const body = base.body;
  if (body?.schema && isJsonMediaType(body.mediaType)) {
    const schema = body.schema;
    for (const field of bodyFields(schema, body.value, context.spec)) {
      const name = field.path.length > 0 ? `"${fieldLabel(field.path)}"` : 'a body';
      for (const change of edges(field.schema, field.value, 'json', `body ${fieldLabel(field.path)}`)) {
        const changed = withField(body.value, field.path, change.value);
        if (context.validator.isValid(schema, changed) !== true) continue;
        cases.push(
          operationCase(
            generation,
            'boundary',
            `${field.path.length > 0 ? slugOf(fieldLabel(field.path)) : 'body'}-${change.slug}`,
            `${label} with ${name} ${change.phrase}`,
            withBody(base, changed),
            {
              mutation: `${field.path.length > 0 ? `body field ${name}` : 'body'} set to ${describeValue(change.value)}`,
            },
          ),
        );
      }
    }
  }
  return cases.slice(0, MAX_BOUNDARY_CASES);
}

/** Makes the n-th item of a longer array; with `uniqueItems`, one unlike the items before it when a few tries find one. */
function itemMaker(schema: JsonSchema, current: unknown, { context }: OperationCases, random: SeededRandom): (index: number) => unknown {
  const made = new Set((Array.isArray(current) ? current : []).map((item) => JSON.stringify(item)));
  return (index) => {
    let value: unknown;
    for (let attempt = 0; attempt < UNIQUE_ITEM_TRIES; attempt++) {
      value = new SchemaSampler(context.spec, random.fork(`${index} ${attempt}`), { examples: false, optional: false, variant: index + attempt }).sample(
        schema.items ?? {},
      );
      if (schema.uniqueItems !== true || !made.has(JSON.stringify(value))) break;
    }
    made.add(JSON.stringify(value));
    return value;
  };
}
