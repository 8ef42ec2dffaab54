import type { ValidateFunction } from 'ajv';
import type { JsonDocument } from '../../assertions/exact-json.js';
import { JsonSchemaError, createAjv, describeViolation } from '../../assertions/json-schema.js';
import type { JsonSchema } from '../../spec/spec-format.js';
import { responseJsonSchema } from './response-json-schema.js';

type Ajv = Awaited<ReturnType<typeof createAjv>>;
type Compiled = { validate: ValidateFunction } | { error: string };

/** Where the spec's self-referencing schemas go in each compiled schema, so that `#/schemas/Name` resolves. */
const SPEC_SCHEMAS_KEY = 'schemas';

/**
 * Response schemas of one run, each compiled once (ajv, all errors, formats checked; OpenAPI's own
 * formats such as int32 and binary are known to ajv-formats, and unknown ones are ignored).
 */
export class SchemaValidators {
  private ajv: Promise<Ajv> | undefined;
  private readonly compiled = new WeakMap<JsonSchema, Compiled>();
  private readonly specSchemas: Record<string, JsonSchema> | undefined;

  /** `specSchemas`: the spec's `schemas`, the targets of `$ref: '#/schemas/Name'`. */
  constructor(specSchemas?: Record<string, JsonSchema>) {
    this.specSchemas = specSchemas && Object.fromEntries(Object.entries(specSchemas).map(([name, schema]) => [name, responseJsonSchema(schema)]));
  }

  /**
   * One line per problem (`$.items[2].price: must be number, got "12"`), empty when the document
   * is valid; a JsonSchemaError when the schema itself cannot be used.
   */
  async violations(schema: JsonSchema, document: JsonDocument): Promise<string[]> {
    const compiled = await this.compile(schema);
    if ('error' in compiled) throw new JsonSchemaError(compiled.error);
    if (compiled.validate(document.plain)) return [];
    return [...new Set((compiled.validate.errors ?? []).map((error) => describeViolation(error, document)))];
  }

  private async compile(schema: JsonSchema): Promise<Compiled> {
    this.ajv ??= createAjv('2020-12');
    const ajv = await this.ajv;
    const known = this.compiled.get(schema);
    if (known) return known;
    let compiled: Compiled;
    try {
      const root = responseJsonSchema(schema);
      compiled = { validate: ajv.compile(this.specSchemas ? { ...root, [SPEC_SCHEMAS_KEY]: this.specSchemas } : root) };
    } catch (error) {
      compiled = { error: (error as Error).message };
    }
    this.compiled.set(schema, compiled);
    return compiled;
  }
}
