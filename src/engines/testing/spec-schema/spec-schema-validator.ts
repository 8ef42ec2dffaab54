import type { ValidateFunction } from 'ajv';
import type { JsonDocument } from '../../assertions/exact-json.js';
import { ajvFactory, describeViolation, JsonSchemaError } from '../../assertions/json-schema.js';
import type { JsonSchema } from '../../spec/spec-format.js';
import { type SchemaDirection, type SpecSchemas, specJsonSchema } from './spec-json-schema.js';

type MakeAjv = Awaited<ReturnType<typeof ajvFactory>>;
type Ajv = ReturnType<MakeAjv>;
type Compiled = { validate: ValidateFunction } | { error: string };

/**
 * One ajv per setting, shared by every validator: each compiles the 2020-12 meta-schema, which every
 * schema is checked against, once for the process rather than once per run. A spec schema comes
 * self-contained (no `$id`, its refs in its own `$defs`) and is taken out once compiled.
 */
const sharedAjvs = new Map<string, Ajv>();

/**
 * What each schema object compiled to, per spec (its `schemas`, which refs name) and mode: shared
 * by the validators of one spec — generation's, the checks', the fuzzer's — and gone with it.
 */
const compiledBySchemas = new WeakMap<object, Map<string, WeakMap<JsonSchema, Compiled>>>();
/** Where the compiled schemas of specs without `schemas` are kept: by schema object, they need no other key. */
const WITHOUT_SCHEMAS = {};

/**
 * Values checked against the spec's schemas (see specJsonSchema) with ajv, 2020-12, formats checked,
 * each distinct schema compiled once per direction: generation asks whether a value is valid, the
 * checks ask for every violation. A `pattern` that is not a valid Unicode regex (`{` unescaped, as
 * many specs write it) is read without the `u` flag, as the spec's author most likely meant.
 */
export class SpecSchemaValidator {
  /** By the schema object first (the same one is checked again and again), then by its text. */
  private readonly byObject: Map<string, WeakMap<JsonSchema, Compiled>>;
  private readonly byText = new Map<string, Compiled>();

  private constructor(
    private readonly makeAjv: MakeAjv,
    private readonly schemas: SpecSchemas | undefined,
  ) {
    const owner = schemas ?? WITHOUT_SCHEMAS;
    let byObject = compiledBySchemas.get(owner);
    if (!byObject) compiledBySchemas.set(owner, (byObject = new Map()));
    this.byObject = byObject;
  }

  /** Loads ajv (large: not at start-up). `schemas`: the spec's, the targets of `#/schemas/Name`. */
  static async load(schemas?: SpecSchemas): Promise<SpecSchemaValidator> {
    return new SpecSchemaValidator(await ajvFactory('2020-12'), schemas);
  }

  /** Whether the value is valid; undefined when the schema cannot be compiled (a ref to nowhere, say): then nothing is known. */
  isValid(schema: JsonSchema, value: unknown, direction: SchemaDirection = 'request'): boolean | undefined {
    const compiled = this.compiled(schema, direction, false);
    return 'validate' in compiled ? compiled.validate(value) : undefined;
  }

  /** Whether ajv checks strings of this `format`; one it does not know (`idn-email`, say) it lets any string pass. */
  checksFormat(format: string): boolean {
    return this.ajv(false, true).formats[format] !== undefined;
  }

  /**
   * One line per problem (`$.items[2].price: must be number, got "12"`), empty when the document is
   * valid; a JsonSchemaError when the schema itself cannot be used.
   */
  violations(schema: JsonSchema, document: JsonDocument, direction: SchemaDirection = 'response'): string[] {
    const compiled = this.compiled(schema, direction, true);
    if ('error' in compiled) throw new JsonSchemaError(compiled.error);
    if (compiled.validate(document.plain)) return [];
    return [...new Set((compiled.validate.errors ?? []).map((error) => describeViolation(error, document)))];
  }

  private compiled(schema: JsonSchema, direction: SchemaDirection, allErrors: boolean): Compiled {
    const mode = `${direction} ${allErrors}`;
    let objects = this.byObject.get(mode);
    if (!objects) this.byObject.set(mode, (objects = new WeakMap()));
    const known = objects.get(schema);
    if (known) return known;
    const key = `${mode} ${JSON.stringify(schema)}`;
    let compiled = this.byText.get(key);
    if (!compiled) {
      compiled = this.compile(specJsonSchema(schema, this.schemas, direction), allErrors);
      this.byText.set(key, compiled);
    }
    objects.set(schema, compiled);
    return compiled;
  }

  private compile(jsonSchema: JsonSchema, allErrors: boolean): Compiled {
    try {
      return { validate: compiledOnce(this.ajv(allErrors, true), jsonSchema) };
    } catch (error) {
      const message = (error as Error).message;
      if (!/regular expression/i.test(message)) return { error: message };
      try {
        return { validate: compiledOnce(this.ajv(allErrors, false), jsonSchema) };
      } catch {
        return { error: message };
      }
    }
  }

  private ajv(allErrors: boolean, unicodeRegExp: boolean): Ajv {
    const key = `${allErrors} ${unicodeRegExp}`;
    let ajv = sharedAjvs.get(key);
    // Each schema is compiled once and run a few times: compiling fast matters more than running fast.
    if (!ajv) sharedAjvs.set(key, (ajv = this.makeAjv({ allErrors, unicodeRegExp, code: { optimize: false } })));
    return ajv;
  }
}

/** The schema compiled, then taken out of the shared ajv, which keeps nothing of a run. */
function compiledOnce(ajv: Ajv, schema: JsonSchema): ValidateFunction {
  try {
    return ajv.compile(schema);
  } finally {
    ajv.removeSchema(schema);
  }
}
