import type { IncomingHttpHeaders } from 'node:http';
import { parseJsonDocument, type JsonDocument } from '../../../engines/assertions/exact-json.js';
import type { FalconSpec, JsonSchema, SpecOperation, SpecParameter } from '../../../engines/spec/spec-format.js';
import type { SpecSchemaValidator } from '../../../engines/testing/spec-schema/spec-schema-validator.js';
import { parameterValue } from './parameter-values.js';
import { missingCredentials } from './security-check.js';

/** A request as the mock and the proxy read it. */
export interface ReceivedRequest {
  operation: SpecOperation;
  pathParams: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Empty when none was sent. */
  body: Buffer;
}

/** What the spec says of a request: acceptable (with its JSON body, parsed), or the status that refuses it and why. */
export type RequestVerdict = { ok: true; body?: unknown } | { ok: false; status: 400 | 401 | 415 | 422; problems: string[] };

/**
 * The request checked against its operation, in the order a server would refuse it: credentials
 * (401), parameters (400), the body's media type (415), its syntax (400), then its schema (422).
 * Each problem names the part: `query limit: must be integer, got "ten"`.
 */
export function checkRequest(request: ReceivedRequest, spec: FalconSpec, validator: SpecSchemaValidator): RequestVerdict {
  const { operation } = request;
  const credentials = missingCredentials(operation, spec, request.headers, request.query);
  if (credentials) return { ok: false, status: 401, problems: [credentials] };
  const parameterProblems = operation.parameters.flatMap((parameter) => parameterProblemsOf(parameter, request, spec, validator));
  if (parameterProblems.length > 0) return { ok: false, status: 400, problems: parameterProblems };
  return checkBody(request, validator);
}

function parameterProblemsOf(parameter: SpecParameter, request: ReceivedRequest, spec: FalconSpec, validator: SpecSchemaValidator): string[] {
  const texts = parameterTexts(parameter, request);
  const label = `${parameter.in} ${parameter.name}`;
  if (texts.length === 0) return parameter.required ? [`${label}: required, missing`] : [];
  if (!parameter.schema) return [];
  const value = parameterValue(texts, parameter.schema, spec);
  return violations(validator, parameter.schema, { exact: value, plain: value }).map((problem) => `${label}${problem.replace(/^\$/, '')}`);
}

function parameterTexts(parameter: SpecParameter, request: ReceivedRequest): string[] {
  switch (parameter.in) {
    case 'path':
      return request.pathParams[parameter.name] === undefined ? [] : [request.pathParams[parameter.name]!];
    case 'query':
      return request.query.getAll(parameter.name);
    case 'header': {
      const value = request.headers[parameter.name.toLowerCase()];
      return value === undefined ? [] : ([] as string[]).concat(value);
    }
    case 'cookie':
      return cookieValues(request.headers.cookie, parameter.name);
  }
}

function cookieValues(header: string | undefined, name: string): string[] {
  return (header ?? '').split(';').flatMap((cookie) => {
    const [key, ...rest] = cookie.trim().split('=');
    return key === name ? [decodeURIComponent(rest.join('='))] : [];
  });
}

function checkBody(request: ReceivedRequest, validator: SpecSchemaValidator): RequestVerdict {
  const declared = request.operation.requestBody;
  if (!declared) return { ok: true };
  if (request.body.length === 0) return declared.required ? { ok: false, status: 422, problems: ['body: required, missing'] } : { ok: true };
  const given = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const mediaType = acceptedMediaType(Object.keys(declared.content), given);
  if (mediaType === undefined) {
    return { ok: false, status: 415, problems: [`content-type ${given || '(none)'} is not accepted: send ${Object.keys(declared.content).join(' or ')}`] };
  }
  if (!isJson(mediaType)) return { ok: true };
  let document: JsonDocument;
  try {
    document = parseJsonDocument(request.body.toString('utf8'));
  } catch (error) {
    return { ok: false, status: 400, problems: [`body: not valid JSON (${(error as Error).message})`] };
  }
  const schema = declared.content[mediaType]?.schema;
  const problems = schema ? violations(validator, schema, document).map((problem) => `body${problem.replace(/^\$/, '')}`) : [];
  return problems.length > 0 ? { ok: false, status: 422, problems } : { ok: true, body: document.plain };
}

/** The declared media type the given one matches: exactly, by a `type/*` or `*\/*` range, or JSON for any `+json`. */
function acceptedMediaType(declared: string[], given: string): string | undefined {
  if (declared.length === 0) return given;
  return (
    declared.find((type) => type.toLowerCase() === given) ??
    declared.find((type) => type === '*/*' || (type.endsWith('/*') && given.startsWith(type.slice(0, -1)))) ??
    (isJson(given) ? declared.find(isJson) : undefined)
  );
}

export function isJson(mediaType: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(mediaType);
}

function violations(validator: SpecSchemaValidator, schema: JsonSchema, document: JsonDocument): string[] {
  try {
    return validator.violations(schema, document, 'request');
  } catch {
    // A schema ajv cannot compile says nothing about the value.
    return [];
  }
}
