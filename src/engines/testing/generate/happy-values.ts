import type { FalconSpec, JsonSchema, SpecOperation, SpecParameter } from '../../spec/spec-format.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import { isJsonMediaType, chooseMediaType } from './request-body.js';
import type { BodyValue, ParameterValue, RequestValues } from './request-values.js';
import { SchemaSampler } from './sample-schema.js';
import type { SeededRandom } from './seeded-random.js';

/** What generating the cases of one operation needs. */
export interface GenerationContext {
  spec: FalconSpec;
  validator: SpecSchemaValidator;
  /** Forked for the operation, so its values do not depend on the others. */
  random: SeededRandom;
  /** `false`: the body from its schema alone, not the spec's examples (a chain's object of its own). */
  examples?: false;
}

/** OpenAPI describes these headers elsewhere (media types, security) and says to ignore them as parameters. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
/** Values generated from the schema, after the examples, before giving up on a valid one. */
const GENERATED_ATTEMPTS = 4;

/** The parameters a request sends: required ones, and the optional ones too when asked. */
function sentParameters(operation: SpecOperation, optional: boolean): SpecParameter[] {
  return operation.parameters.filter(
    (parameter) => (parameter.required || optional) && !(parameter.in === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase())),
  );
}

/**
 * Values for a valid request: examples first (the parameter's, the media type's, the schema's),
 * then values generated from the schema, each checked against it; undefined when none is valid.
 * `optional` adds the optional parameters, body fields and body.
 */
export function happyValues(operation: SpecOperation, context: GenerationContext, optional: boolean): RequestValues | undefined {
  const parameters: ParameterValue[] = [];
  for (const parameter of sentParameters(operation, optional)) {
    const given = parameter.example !== undefined ? [parameter.example] : [];
    const value = validValue(parameter.schema, given, context, optional, `${parameter.in} ${parameter.name}`);
    if (value === NO_VALUE) return undefined;
    parameters.push({ parameter, value });
  }
  const body = happyBody(operation, context, optional);
  if (body === NO_VALUE) return undefined;
  return { parameters, ...(body && { body }) };
}

const NO_VALUE = Symbol('no valid value');

function happyBody(operation: SpecOperation, context: GenerationContext, optional: boolean): BodyValue | undefined | typeof NO_VALUE {
  const requestBody = operation.requestBody;
  if (!requestBody || (!requestBody.required && !optional)) return undefined;
  const mediaType = chooseMediaType(requestBody);
  if (!mediaType) return undefined;
  const { schema, example } = requestBody.content[mediaType] ?? {};
  if (!schema && example === undefined) return isJsonMediaType(mediaType) && requestBody.required ? { mediaType, value: {} } : undefined;
  // The media type's example is a whole body: without a schema it is all there is to send.
  const given = example !== undefined && (optional || !schema) && context.examples !== false ? [example] : [];
  const value = validValue(schema, given, context, optional, `body ${mediaType}`);
  if (value === NO_VALUE) return NO_VALUE;
  return { mediaType, ...(schema && { schema }), value };
}

function validValue(schema: JsonSchema | undefined, given: unknown[], context: GenerationContext, optional: boolean, label: string): unknown {
  for (const candidate of candidates(schema, given, context, optional, label)) {
    if (!schema || context.validator.isValid(schema, candidate) !== false) return candidate;
  }
  return NO_VALUE;
}

function* candidates(schema: JsonSchema | undefined, given: unknown[], context: GenerationContext, optional: boolean, label: string): Generator<unknown> {
  yield* given;
  const accepts = (inner: JsonSchema, value: unknown) => context.validator.isValid(inner, value);
  const sampler = (examples: boolean, variant: number) =>
    new SchemaSampler(context.spec, context.random.fork(`${label} ${examples} ${variant}`), { examples, optional, variant, accepts });
  if (context.examples !== false) yield sampler(true, 0).sample(schema ?? {});
  for (let variant = 0; variant < GENERATED_ATTEMPTS; variant++) yield sampler(false, variant).sample(schema ?? {});
}
