import type { FalconSpec, JsonSchema } from '../../../engines/spec/spec-format.js';
import { flattenSchema, schemaTypes } from '../../../engines/testing/generate/schema-shape.js';

/**
 * A parameter's text as the value its schema describes, so that it can be validated: `7` for an
 * integer, `true` for a boolean, `a,b` (or a repeated query key) for an array. Text that is not of
 * the type stays text, and the validator says so.
 */
export function parameterValue(texts: readonly string[], schema: JsonSchema | undefined, spec: FalconSpec): unknown {
  const flat = schema ? flattenSchema(schema, spec) : {};
  const types = schemaTypes(flat);
  if (types.includes('array')) {
    const items = texts.length === 1 ? texts[0]!.split(',') : texts;
    const itemSchema = typeof flat.items === 'object' && flat.items !== null && !Array.isArray(flat.items) ? (flat.items as JsonSchema) : undefined;
    return items.map((item) => parameterValue([item], itemSchema, spec));
  }
  return scalar(texts.at(-1) ?? '', types);
}

function scalar(text: string, types: string[]): unknown {
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && text === 'null') return null;
  return text;
}
