import type { ValidateFunction } from 'ajv';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { toAjvSchema, type SchemaDirection } from './ajv-schema.js';

/** Says whether generated values are valid against the spec's schemas. */
export interface SchemaValidator {
  /** `undefined` when ajv cannot compile the schema (a ref to nowhere, say): then nothing is known. */
  isValid(schema: JsonSchema, value: unknown, direction?: SchemaDirection): boolean | undefined;
}

/**
 * ajv (2020-12, formats checked) for the spec, compiling each distinct schema once. A `pattern`
 * that is not a valid Unicode regex (`{` unescaped, as many specs write it) is read without the
 * `u` flag, as the spec's author most likely meant.
 */
export async function createSchemaValidator(spec: FalconSpec): Promise<SchemaValidator> {
  const makeAjv = await loadAjv();
  const strict = makeAjv(true);
  let lenient: ReturnType<typeof makeAjv> | undefined;
  // By the schema object first (the same one is checked again and again), then by its text.
  const byObject = { request: new WeakMap<JsonSchema, ValidateFunction | null>(), response: new WeakMap<JsonSchema, ValidateFunction | null>() };
  const compiled = new Map<string, ValidateFunction | null>();
  const compile = (schema: JsonSchema, direction: SchemaDirection): ValidateFunction | null => {
    const known = byObject[direction].get(schema);
    if (known !== undefined) return known;
    const key = `${direction} ${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (validate === undefined) {
      const ajvSchema = toAjvSchema(schema, spec, direction);
      try {
        validate = strict.compile(ajvSchema);
      } catch (error) {
        validate = null;
        if (/regular expression/i.test((error as Error).message)) {
          lenient ??= makeAjv(false);
          try {
            validate = lenient.compile(ajvSchema);
          } catch {
            // Cannot be compiled either way: nothing is known.
          }
        }
      }
      compiled.set(key, validate);
    }
    byObject[direction].set(schema, validate);
    return validate;
  };
  return {
    isValid(schema, value, direction = 'request') {
      const validate = compile(schema, direction);
      return validate ? validate(value) : undefined;
    },
  };
}

// ajv is large: loaded when cases are first generated, not at start-up. Its modules are CommonJS
// whose export is also their own `default`: `.default.default` holds both in Node and once bundled
// (see assertions/json-schema.ts).
async function loadAjv() {
  const [formats, ajv] = await Promise.all([import('ajv-formats'), import('ajv/dist/2020.js')]);
  return (unicodeRegExp: boolean) => {
    // Each schema is compiled once and run a few times: compiling fast matters more than running fast.
    const instance = new ajv.default.default({ strict: false, logger: false, allErrors: false, unicodeRegExp, code: { optimize: false } });
    formats.default.default(instance);
    return instance;
  };
}
