import type { JsonSchema, SpecParameter } from '../../spec/spec-format.js';
import type { ParameterCoverage } from './run-coverage.js';

/** OpenAPI describes these headers elsewhere (media types, security) and says to ignore them as parameters. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/**
 * What coverage counts of an operation's parameters: `present` and `absent` for each optional one,
 * and each value of a parameter's enum (its items' enum for a list), none of it seen yet. A
 * required parameter has no `present`/`absent`: every valid request sends it.
 */
export function parameterItems(parameters: readonly SpecParameter[]): ParameterCoverage[] {
  return countedParameters(parameters).flatMap((parameter) => {
    const { name, in: location } = parameter;
    const presence: ParameterCoverage[] = parameter.required
      ? []
      : [
          { name, in: location, item: 'present', seen: false },
          { name, in: location, item: 'absent', seen: false },
        ];
    const values = enumValues(parameter.schema).map((value): ParameterCoverage => ({ name, in: location, item: 'value', value, seen: false }));
    return [...presence, ...values];
  });
}

/** The parameters coverage counts: all but the headers OpenAPI says to ignore. */
export function countedParameters(parameters: readonly SpecParameter[]): SpecParameter[] {
  return parameters.filter((parameter) => !(parameter.in === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase())));
}

/** Whether the text a request sent is the enum value: numbers by value (`1.0` is 1), the rest by their text. */
export function isEnumValue(text: string, value: string | number | boolean): boolean {
  if (typeof value === 'number') return text.trim() !== '' && Number(text) === value;
  return text === String(value);
}

/** The values a parameter's schema enumerates (`enum`, `const`, or its items' for a list) that a request can send: no null, no objects. */
function enumValues(schema: JsonSchema | undefined): Array<string | number | boolean> {
  if (!schema) return [];
  const own = listed(schema);
  const items = schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items) ? listed(schema.items as JsonSchema) : [];
  const values = (own.length > 0 ? own : items).filter(
    (value): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
  );
  return [...new Set(values)];
}

function listed(schema: JsonSchema): unknown[] {
  if (Array.isArray(schema.enum)) return schema.enum;
  return 'const' in schema ? [schema.const] : [];
}
