import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import type { JsonDocument } from './exact-json.js';
import { pointerToPath, valueAtPointer } from './json-path.js';
import { formatJsonValue, jsonTypeOf } from './json-value.js';

export type SchemaDraft = '07' | '2019-09' | '2020-12';

export interface SchemaValidation {
  draft: SchemaDraft;
  /** One line per problem: `$.items[2].price: must be number, got "12"`. Empty when the document is valid. */
  violations: string[];
}

/** A schema that cannot be used (unknown draft, invalid, unresolvable `$ref`); the message says which. */
export class JsonSchemaError extends Error {
  override name = 'JsonSchemaError';
}

const DRAFTS: Array<[RegExp, SchemaDraft]> = [
  [/draft-07\/schema/, '07'],
  [/draft\/2019-09\/schema/, '2019-09'],
  [/draft\/2020-12\/schema/, '2020-12'],
];

/** The draft a schema's `$schema` names; 2020-12 when it names none. */
export function schemaDraft(schema: Record<string, unknown>): SchemaDraft {
  const declared = schema.$schema;
  if (declared === undefined) return '2020-12';
  const draft = typeof declared === 'string' ? DRAFTS.find(([pattern]) => pattern.test(declared))?.[1] : undefined;
  if (!draft) {
    throw new JsonSchemaError(
      `unsupported $schema ${JSON.stringify(declared)}: use draft-07, 2019-09 or 2020-12 (e.g. "https://json-schema.org/draft/2020-12/schema")`,
    );
  }
  return draft;
}

/**
 * Validates with ajv (all errors, formats such as email, date-time and uuid checked). A schema
 * object is compiled once: change it and pass a new one.
 */
export async function validateJsonSchema(schema: Record<string, unknown>, document: JsonDocument): Promise<SchemaValidation> {
  const draft = schemaDraft(schema);
  const validate = compiledSchemas.get(schema) ?? (await compileSchema(schema, draft));
  if (validate(document.plain)) return { draft, violations: [] };
  const violations = (validate.errors ?? []).map((error) => describeViolation(error, document));
  return { draft, violations: [...new Set(violations)] };
}

/** What each schema object compiled to: an API under test is checked against the same few schemas again and again. */
const compiledSchemas = new WeakMap<object, ValidateFunction>();
/** One ajv per draft, whose meta-schema (each schema is checked against it) is compiled once, on its first use. */
const sharedAjvs = new Map<SchemaDraft, ReturnType<typeof createAjv>>();

async function compileSchema(schema: Record<string, unknown>, draft: SchemaDraft): Promise<ValidateFunction> {
  let shared = sharedAjvs.get(draft);
  if (!shared) sharedAjvs.set(draft, (shared = createAjv(draft)));
  const ajv = await shared;
  try {
    const validate = ajv.compile(schema);
    compiledSchemas.set(schema, validate);
    return validate;
  } catch (error) {
    throw new JsonSchemaError(`the schema cannot be used: ${(error as Error).message}`);
  } finally {
    // The function compiled needs the ajv no more, and the next schema may have the same $id.
    ajv.removeSchema(schema);
  }
}

// ajv is large: loaded when a schema is first checked, not at start-up. Its modules are CommonJS
// whose export is also their own `default`: `.default.default` holds both in Node and once bundled
// (esbuild gives a dynamically imported CommonJS module only its `default`).
async function ajvClass(draft: SchemaDraft) {
  if (draft === '07') return (await import('ajv')).default.default;
  if (draft === '2019-09') return (await import('ajv/dist/2019.js')).default.default;
  return (await import('ajv/dist/2020.js')).default.default;
}

/**
 * Loads ajv for the draft; the function returned makes instances of it: all errors, formats
 * checked (ajv-formats, which knows OpenAPI's int32, int64, float, double, byte, binary and
 * password too), unknown keywords and formats ignored; `overrides` changes any of that.
 */
export async function ajvFactory(draft: SchemaDraft) {
  const [formats, Ajv] = await Promise.all([import('ajv-formats'), ajvClass(draft)]);
  return (overrides: Options = {}) => {
    const ajv = new Ajv({ allErrors: true, strict: false, logger: false, ...overrides });
    formats.default.default(ajv);
    return ajv;
  };
}

/** An ajv for the draft: all errors, formats checked. */
export async function createAjv(draft: SchemaDraft) {
  return (await ajvFactory(draft))();
}

/** One ajv error as `$.items[2].price: must be number, got "12"`. */
export function describeViolation(error: ErrorObject, document: JsonDocument): string {
  const path = pointerToPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? error.keyword;
  if (params.additionalProperty !== undefined) message += `: ${JSON.stringify(params.additionalProperty)}`;
  if (params.unevaluatedProperty !== undefined) message += `: ${JSON.stringify(params.unevaluatedProperty)}`;
  if (Array.isArray(params.allowedValues)) message += ` ${params.allowedValues.map((value) => formatJsonValue(value)).join(', ')}`;
  if (params.allowedValue !== undefined) message += ` ${formatJsonValue(params.allowedValue)}`;
  const actual = valueAtPointer(document.exact, error.instancePath);
  return `${path}: ${message}${actual.found ? describeActual(error.keyword, actual.value) : ''}`;
}

/** What was there instead, when it helps: the value itself, or the size of an array or object. */
function describeActual(keyword: string, value: unknown): string {
  const type = jsonTypeOf(value);
  if (type !== 'array' && type !== 'object') return `, got ${formatJsonValue(value)}`;
  const size = Array.isArray(value) ? `${value.length} item${value.length === 1 ? '' : 's'}` : `${Object.keys(value as object).length} properties`;
  if (keyword === 'type') return `, got ${type === 'array' ? `an array (${size})` : 'an object'}`;
  if (/^(min|max)(Items|Properties|Contains)$/.test(keyword)) return `, got ${size}`;
  return '';
}
