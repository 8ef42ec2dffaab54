import type { JsonSchema } from '../../spec/spec-format.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';

/**
 * The value in the form its schema takes it: as it is, else `7` for `"7"` (an id read from a
 * Location header) or `"7"` for `7`; undefined when no form is valid. A schema the validator cannot
 * compile says nothing against a value.
 */
export function valueForSchema(
  value: string | number | boolean,
  schema: JsonSchema | undefined,
  validator: SpecSchemaValidator,
): string | number | boolean | undefined {
  if (!schema) return value;
  const other = typeof value === 'number' ? String(value) : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
  return [value, other].find((form) => form !== undefined && validator.isValid(schema, form) !== false);
}
