import fc from 'fast-check';
import type { ParamMap } from '../../http/prepare-request.js';
import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { addQueryValue } from '../generate/parameter-text.js';
import { encodeBody, isJsonMediaType } from '../generate/request-body.js';
import { flattenSchema, schemaTypes } from '../generate/schema-shape.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { CaseRequest } from '../test-case.js';
import { describeFuzzValue } from './describe-input.js';
import { EDGE_NUMBER_TEXTS, MAX_NESTING, WRONG_MEDIA_TYPES, nested } from './fuzz-alphabet.js';
import { type FuzzedParts, fuzzedParts } from './fuzzed-parts.js';
import { type Verdict, combineVerdicts, jsonVerdict, textVerdict } from './input-verdict.js';
import { SchemaArbitraries } from './schema-arbitraries.js';

/** One fuzzed input: the query parameters fuzzing sets (undefined: left out), the body (undefined: none), and a media type the operation does not take, if the body is sent as one. */
export interface FuzzInput {
  query: Record<string, unknown>;
  body: unknown;
  mediaType?: string;
}

export interface RenderedInput {
  request: CaseRequest;
  verdict: Verdict;
  /** `query "limit" = "NaN"; body {"name":"\u0301"} sent as text/plain`. */
  description: string;
}

/** An operation's inputs: what fast-check draws and shrinks, and how one becomes a request. */
export interface FuzzTarget {
  arbitrary: fc.Arbitrary<FuzzInput>;
  /** The request carrying the input, its other parts (path parameters, headers) taken from `fixed`. */
  render(input: FuzzInput, fixed: CaseRequest): RenderedInput;
}

/** How often a part is left out: rarely where it is required (that is one more way to be invalid), often where it is not. */
const LEFT_OUT = { required: 20, optional: 3 };
/** One input in this many sends its body as a media type the operation does not take. */
const WRONG_MEDIA_TYPE_FREQ = 10;
/** One body in this many is an odd shape whatever the schema: empty, null, nested a thousand deep. */
const ODD_BODY_FREQ = 10;
const WILDCARD_MEDIA_TYPE = /^\*\/\*|\/\*$/;

/**
 * What fuzzing draws for one operation, half and half: inputs meant to be valid throughout (each
 * query parameter it fuzzes, see fuzzedParts, and the body from their schemas), and inputs that
 * stray (any part just outside its schema at any level, numbers as texts parsers disagree on, a
 * part left out, an odd body: empty, null, nested a thousand deep; a body sent as a media type the
 * operation does not take). Each input's verdict comes from the validator, not from how it was drawn.
 */
export function fuzzTarget(operation: SpecOperation, spec: FalconSpec, validator: SpecSchemaValidator): FuzzTarget {
  const parts = fuzzedParts(operation, spec);
  const arbitrary = fc.oneof(validInputs(parts, spec), fuzzedInputs(parts, spec));
  return { arbitrary, render: (input, fixed) => renderInput(input, fixed, parts, spec, validator) };
}

/** Inputs meant to be valid throughout: each part from its schema, required ones always there. */
function validInputs(parts: FuzzedParts, spec: FalconSpec): fc.Arbitrary<FuzzInput> {
  const text = new SchemaArbitraries(spec, 'text');
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of parts.query) {
    const values = text.valid(parameter.schema);
    query[parameter.name] = parameter.required ? values : fc.option(values, { nil: undefined, freq: LEFT_OUT.optional });
  }
  const body = parts.body;
  let bodies: fc.Arbitrary<unknown> = fc.constant(undefined);
  if (body) {
    const json = isJsonMediaType(body.mediaType);
    const values = body.schema ? new SchemaArbitraries(spec, json ? 'json' : 'text').valid(body.schema) : json ? fc.jsonValue({ maxDepth: 2 }) : fc.string();
    bodies = body.required ? values : fc.option(values, { nil: undefined, freq: LEFT_OUT.optional });
  }
  return fc.record({ query: fc.record(query, { noNullPrototype: true }), body: bodies }, { noNullPrototype: true });
}

/** Inputs that stray: each part mostly valid but just outside its schema at any level, left out, an odd shape, or sent as another media type. */
function fuzzedInputs(parts: FuzzedParts, spec: FalconSpec): fc.Arbitrary<FuzzInput> {
  const text = new SchemaArbitraries(spec, 'text');
  const query: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of parts.query) {
    const schema = flattenSchema(parameter.schema, spec);
    const numeric = schemaTypes(schema).some((type) => type === 'integer' || type === 'number');
    const values = numeric
      ? fc.oneof({ weight: 6, arbitrary: text.fuzz(schema) }, { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBER_TEXTS) })
      : text.fuzz(schema);
    query[parameter.name] = fc.option(values, { nil: undefined, freq: parameter.required ? LEFT_OUT.required : LEFT_OUT.optional });
  }
  const wrong = wrongMediaTypes(parts);
  const mediaTypes = wrong.length > 0 ? fc.option(fc.constantFrom(...wrong), { nil: undefined, freq: WRONG_MEDIA_TYPE_FREQ }) : fc.constant(undefined);
  return fc.record({ query: fc.record(query, { noNullPrototype: true }), body: fuzzedBodies(parts, spec), mediaType: mediaTypes }, { noNullPrototype: true });
}

/** The valid request without what fuzzing sets: its path parameters, headers and other query parameters stay. */
export function fixedRequest(base: CaseRequest, operation: SpecOperation, spec: FalconSpec): CaseRequest {
  const fuzzed = new Set(fuzzedParts(operation, spec).query.map((parameter) => parameter.name));
  const { body: _body, contentType: _contentType, query, ...rest } = base;
  const kept = Object.entries(query ?? {}).filter(([name]) => !fuzzed.has(name));
  return { ...rest, ...(kept.length > 0 && { query: Object.fromEntries(kept) }) };
}

function fuzzedBodies(parts: FuzzedParts, spec: FalconSpec): fc.Arbitrary<unknown> {
  const body = parts.body;
  if (!body) return fc.constant(undefined);
  const json = isJsonMediaType(body.mediaType);
  const schemas = new SchemaArbitraries(spec, json ? 'json' : 'text');
  const drawn = body.schema ? schemas.fuzz(body.schema) : json ? fc.jsonValue({ maxDepth: 2 }) : fc.string();
  const odd = fc.oneof(
    fc.constantFrom<unknown>({}, [], null, ''),
    fc.integer({ min: 1, max: MAX_NESTING }).map((depth) => nested(depth, 'object')),
    fc.integer({ min: 1, max: MAX_NESTING }).map((depth) => nested(depth, 'array')),
  );
  const value = json ? fc.oneof({ weight: ODD_BODY_FREQ - 1, arbitrary: drawn }, { weight: 1, arbitrary: odd }) : drawn;
  return fc.option(value, { nil: undefined, freq: body.required ? LEFT_OUT.required : LEFT_OUT.optional });
}

/** JSON goes as text, XML and forms, and a form as JSON; none where the operation takes a wildcard. */
function wrongMediaTypes(parts: FuzzedParts): string[] {
  const body = parts.body;
  if (!body) return [];
  const documented = body.mediaTypes.map((mediaType) => mediaType.split(';')[0]!.trim().toLowerCase());
  if (documented.some((mediaType) => WILDCARD_MEDIA_TYPE.test(mediaType))) return [];
  return [...WRONG_MEDIA_TYPES, 'application/json'].filter(
    (mediaType) => !documented.includes(mediaType) && !(isJsonMediaType(mediaType) && documented.some(isJsonMediaType)),
  );
}

function renderInput(input: FuzzInput, fixed: CaseRequest, parts: FuzzedParts, spec: FalconSpec, validator: SpecSchemaValidator): RenderedInput {
  const query: ParamMap = { ...(fixed.query ?? {}) };
  const verdicts: Verdict[] = [];
  const described: string[] = [];
  for (const parameter of parts.query) {
    const value = input.query[parameter.name];
    if (value === undefined) {
      verdicts.push(parameter.required ? 'outside' : 'inside');
      if (parameter.required) described.push(`without the required query parameter "${parameter.name}"`);
      continue;
    }
    const sent = wellFormed(value);
    addQueryValue(query, parameter.name, sent);
    verdicts.push(textVerdict(validator, parameter.schema!, sent, spec));
    described.push(`query "${parameter.name}" = ${describeFuzzValue(value)}`);
  }
  const { query: _fixedQuery, ...rest } = fixed;
  const request: CaseRequest = { ...rest, ...(Object.keys(query).length > 0 && { query }) };
  const body = parts.body;
  if (body && input.body === undefined) {
    verdicts.push(body.required ? 'outside' : 'inside');
    described.push(body.required ? 'without its required body' : 'without a body');
  } else if (body) {
    if (input.mediaType !== undefined) {
      request.body = typeof input.body === 'string' && !isJsonMediaType(body.mediaType) ? input.body : JSON.stringify(input.body);
      request.contentType = input.mediaType;
      verdicts.push('outside');
    } else {
      const encoded = encodeBody(body.mediaType, isJsonMediaType(body.mediaType) ? input.body : wellFormed(input.body), body.schema, spec);
      request.body = encoded.body;
      request.contentType = encoded.contentType;
      if (encoded.files) request.files = encoded.files;
      verdicts.push(bodyVerdict(input.body, body, validator));
    }
    described.push(`body ${describeFuzzValue(input.body)}${input.mediaType !== undefined ? ` sent as ${input.mediaType}` : ''}`);
  }
  return { request, verdict: combineVerdicts(verdicts), description: described.length > 0 ? described.join('; ') : 'no query parameters and no body' };
}

/**
 * The value with each half of a surrogate pair that stands alone made U+FFFD, as a URL or form
 * encoder must: UTF-8 cannot carry it. (A pattern read without the `u` flag may draw one.)
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\p{Cs}/gu, '\ufffd');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wellFormed(item)]));
  return value;
}

/** JSON as validated; a form or other media type, which loses types on the way, only when valid as it is. */
function bodyVerdict(value: unknown, body: NonNullable<FuzzedParts['body']>, validator: SpecSchemaValidator): Verdict {
  if (!body.schema) return 'unsure';
  if (isJsonMediaType(body.mediaType)) return jsonVerdict(validator, body.schema, value);
  return validator.isValid(body.schema, value) === true ? 'inside' : 'unsure';
}
