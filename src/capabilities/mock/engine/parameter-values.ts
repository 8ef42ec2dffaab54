import type { FalconSpec, JsonSchema } from '../../../engines/spec/spec-format.js';
import { flattenSchema, schemaTypes } from '../../../engines/testing/generate/schema-shape.js';

/**
 * A parameter's text as the value its schema describes, so that it can be validated: `7` for an
 * integer, `true` for a boolean, `a,b` (or a repeated query key) for an array. Text that is not of
 * the type stays text, and the validator says so.
 */
export function parameterValue(texts: readonly string[], schema: JsonSchema | undefined, spec: FalconSpec): unknown {
  const { types, items } = shapeOf(schema, spec);
  if (types.includes('array')) {
    const values = texts.length === 1 ? texts[0]!.split(',') : texts;
    return values.map((item) => parameterValue([item], items, spec));
  }
  return scalar(texts.at(-1) ?? '', types);
}

interface ParameterShape {
  types: string[];
  items?: JsonSchema;
}

/** Each schema's shape, read once: the mock reads the same parameters' schemas on every request. */
const shapes = new WeakMap<JsonSchema, ParameterShape>();

function shapeOf(schema: JsonSchema | undefined, spec: FalconSpec): ParameterShape {
  if (!schema) return { types: [] };
  let shape = shapes.get(schema);
  if (!shape) {
    const flat = flattenSchema(schema, spec);
    const items = typeof flat.items === 'object' && flat.items !== null && !Array.isArray(flat.items) ? (flat.items as JsonSchema) : undefined;
    shapes.set(schema, (shape = { types: schemaTypes(flat), ...(items && { items }) }));
  }
  return shape;
}

function scalar(text: string, types: string[]): unknown {
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && text === 'null') return null;
  return text;
}
