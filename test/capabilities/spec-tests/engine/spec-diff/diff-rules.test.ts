import { describe, expect, it } from 'vitest';
import { DIFF_RULES, RULE_IDS, type RuleId } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/diff-rules.js';
import { diffSpecs } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/diff-specs.js';
import { changeLine } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/spec-change.js';
import type { FalconSpec } from '../../../../../src/engines/spec/spec-format.js';
import { operation, requestBody, requestValue, responseBody, responseValue, spec, withParameters, withResponses } from './spec-builders.js';

/** One pair of specs per rule: the only change between them, as `falcon spec diff` words it. */
type Row = [rule: RuleId, old: FalconSpec, current: FalconSpec, line: string];

const query = (name: string, required: boolean, schema: Record<string, unknown> = { type: 'string' }) => ({ name, in: 'query' as const, required, schema });
const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const BODY = 'POST /things › request body';
const VALUE = `${BODY} › value`;
const ANSWER = 'GET /things › response 200 › body';
const RETURNED = `${ANSWER} › value`;
const bearer = { bearerAuth: { type: 'http', scheme: 'bearer' } };
const secured = (security: Array<Record<string, string[]>>) =>
  spec([operation({ security })], { securitySchemes: { ...bearer, apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } });

const OPERATIONS: Row[] = [
  ['operation-removed', spec([operation(), operation({ method: 'DELETE' })]), spec([operation()]), 'DELETE /things: operation removed'],
  [
    'deprecated-operation-removed',
    spec([operation(), operation({ method: 'DELETE', deprecated: true })]),
    spec([operation()]),
    'DELETE /things: operation removed (it was deprecated)',
  ],
  ['operation-added', spec([operation()]), spec([operation(), operation({ method: 'POST' })]), 'POST /things: operation added'],
  ['operation-deprecated', spec([operation()]), spec([operation({ deprecated: true })]), 'GET /things: operation deprecated'],
  [
    'operation-id-changed',
    spec([operation({ id: 'listThings' })]),
    spec([operation({ id: 'getThings' })]),
    'GET /things: operationId changed from "listThings" to "getThings"',
  ],
];

const PARAMETERS: Row[] = [
  ['required-parameter-added', withParameters(), withParameters(query('limit', true)), 'GET /things › query limit: required parameter added'],
  ['optional-parameter-added', withParameters(), withParameters(query('limit', false)), 'GET /things › query limit: optional parameter added'],
  ['parameter-removed', withParameters(query('limit', false)), withParameters(), 'GET /things › query limit: removed'],
  ['parameter-became-required', withParameters(query('limit', false)), withParameters(query('limit', true)), 'GET /things › query limit: became required'],
  ['parameter-became-optional', withParameters(query('limit', true)), withParameters(query('limit', false)), 'GET /things › query limit: became optional'],
  [
    'path-parameter-renamed',
    spec([operation({ path: '/things/{id}', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] })]),
    spec([operation({ path: '/things/{thingId}', parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }] })]),
    'GET /things/{thingId} › path thingId: renamed from "id" to "thingId"',
  ],
];

const post = (requestBodyValue: FalconSpec['operations'][number]['requestBody']) =>
  spec([operation({ method: 'POST', ...(requestBodyValue && { requestBody: requestBodyValue }) })]);
const REQUEST_BODIES: Row[] = [
  [
    'request-body-added-required',
    post(undefined),
    post({ required: true, content: json({ type: 'object' }) }),
    'POST /things › request body: required body added',
  ],
  [
    'request-body-added-optional',
    post(undefined),
    post({ required: false, content: json({ type: 'object' }) }),
    'POST /things › request body: optional body added',
  ],
  ['request-body-removed', post({ required: false, content: json({ type: 'object' }) }), post(undefined), 'POST /things › request body: no longer taken'],
  [
    'request-body-became-required',
    post({ required: false, content: json({}) }),
    post({ required: true, content: json({}) }),
    'POST /things › request body: became required',
  ],
  [
    'request-body-became-optional',
    post({ required: true, content: json({}) }),
    post({ required: false, content: json({}) }),
    'POST /things › request body: became optional',
  ],
  [
    'request-media-type-removed',
    post({ required: true, content: { ...json({}), 'application/xml': {} } }),
    post({ required: true, content: json({}) }),
    'POST /things › request body (application/xml): media type removed',
  ],
  [
    'request-media-type-added',
    post({ required: true, content: json({}) }),
    post({ required: true, content: { ...json({}), 'application/x-www-form-urlencoded': {} } }),
    'POST /things › request body (application/x-www-form-urlencoded): media type added',
  ],
];

const REQUEST_VALUES: Row[] = [
  ['request-type-changed', requestValue({ type: 'string' }), requestValue({ type: 'integer' }), `${VALUE}: type changed from string to integer`],
  ['request-type-widened', requestValue({ type: 'integer' }), requestValue({ type: 'number' }), `${VALUE}: type changed from integer to number`],
  ['request-became-not-nullable', requestValue({ type: ['string', 'null'] }), requestValue({ type: 'string' }), `${VALUE}: null no longer accepted`],
  ['request-became-nullable', requestValue({ type: 'string' }), requestValue({ type: 'string', nullable: true }), `${VALUE}: null now accepted`],
  ['request-format-changed', requestValue({ type: 'string' }), requestValue({ type: 'string', format: 'uuid' }), `${VALUE}: format set to "uuid"`],
  [
    'request-format-widened',
    requestValue({ type: 'integer', format: 'int32' }),
    requestValue({ type: 'integer', format: 'int64' }),
    `${VALUE}: format changed from "int32" to "int64"`,
  ],
  ['request-enum-value-removed', requestValue({ enum: ['a', 'b'] }), requestValue({ enum: ['a'] }), `${VALUE}: enum value "b" removed`],
  ['request-enum-value-added', requestValue({ enum: ['a'] }), requestValue({ enum: ['a', 'b', 'c'] }), `${VALUE}: enum values "b", "c" added`],
  ['request-became-enum', requestValue({ type: 'string' }), requestValue({ type: 'string', const: 'only' }), `${VALUE}: now limited to "only"`],
  ['request-enum-dropped', requestValue({ type: 'string', enum: ['a'] }), requestValue({ type: 'string' }), `${VALUE}: no longer limited to "a"`],
  ['request-pattern-added', requestValue({ type: 'string' }), requestValue({ type: 'string', pattern: '^[a-z]+$' }), `${VALUE}: pattern "^[a-z]+$" added`],
  [
    'request-pattern-changed',
    requestValue({ type: 'string', pattern: '^a' }),
    requestValue({ type: 'string', pattern: '^b' }),
    `${VALUE}: pattern changed from "^a" to "^b"`,
  ],
  ['request-pattern-removed', requestValue({ type: 'string', pattern: '^a' }), requestValue({ type: 'string' }), `${VALUE}: pattern "^a" removed`],
  [
    'request-default-changed',
    requestValue({ type: 'integer', default: 10 }),
    requestValue({ type: 'integer', default: 20 }),
    `${VALUE}: default changed from 10 to 20`,
  ],
  [
    'request-required-property-added',
    requestBody({ type: 'object', properties: {} }),
    requestBody({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
    `${BODY} › name: required property added`,
  ],
  [
    'request-optional-property-added',
    requestBody({ type: 'object', properties: {} }),
    requestBody({ type: 'object', properties: { name: { type: 'string' } } }),
    `${BODY} › name: optional property added`,
  ],
  [
    'request-property-removed',
    requestBody({ type: 'object', properties: { name: { type: 'string' } } }),
    requestBody({ type: 'object', properties: {} }),
    `${BODY} › name: removed`,
  ],
  ['request-property-became-required', requestValue({ type: 'string' }), requestValue({ type: 'string' }, true), `${VALUE}: became required`],
  ['request-property-became-optional', requestValue({ type: 'string' }, true), requestValue({ type: 'string' }), `${VALUE}: became optional`],
  [
    'request-additional-properties-refused',
    requestBody({ type: 'object' }),
    requestBody({ type: 'object', additionalProperties: false }),
    `${BODY}: properties not declared are no longer accepted`,
  ],
  [
    'request-additional-properties-allowed',
    requestBody({ type: 'object', additionalProperties: false }),
    requestBody({ type: 'object', additionalProperties: true }),
    `${BODY}: properties not declared are now accepted`,
  ],
  [
    'request-variant-removed',
    requestValue({ oneOf: [{ type: 'string' }, { type: 'integer' }] }),
    requestValue({ oneOf: [{ type: 'string' }] }),
    `${VALUE} › oneOf[1]: alternative removed`,
  ],
  [
    'request-variant-added',
    requestValue({ anyOf: [{ type: 'string' }] }),
    requestValue({ anyOf: [{ type: 'string' }, { type: 'object', title: 'Tag' }] }),
    `${VALUE} › anyOf[1]: alternative "Tag" added`,
  ],
];

const RESPONSE_VALUES: Row[] = [
  ['response-type-changed', responseValue({ type: 'integer' }), responseValue({ type: 'number' }), `${RETURNED}: type changed from integer to number`],
  [
    'response-type-narrowed',
    responseValue({ type: ['string', 'integer'] }),
    responseValue({ type: 'string' }),
    `${RETURNED}: type changed from integer or string to string`,
  ],
  ['response-became-nullable', responseValue({ type: 'string' }), responseValue({ type: 'string', 'x-nullable': true }), `${RETURNED}: may now be null`],
  ['response-became-not-nullable', responseValue({ type: 'string', nullable: true }), responseValue({ type: 'string' }), `${RETURNED}: never null any more`],
  [
    'response-format-changed',
    responseValue({ type: 'string', format: 'date' }),
    responseValue({ type: 'string', format: 'date-time' }),
    `${RETURNED}: format changed from "date" to "date-time"`,
  ],
  ['response-format-removed', responseValue({ type: 'string', format: 'uuid' }), responseValue({ type: 'string' }), `${RETURNED}: format "uuid" removed`],
  [
    'response-format-narrowed',
    responseValue({ type: 'integer', format: 'int64' }),
    responseValue({ type: 'integer', format: 'int32' }),
    `${RETURNED}: format changed from "int64" to "int32"`,
  ],
  ['response-enum-value-added', responseValue({ enum: ['open'] }), responseValue({ enum: ['open', 'closed'] }), `${RETURNED}: enum value "closed" added`],
  ['response-enum-value-removed', responseValue({ enum: ['open', 'closed'] }), responseValue({ enum: ['open'] }), `${RETURNED}: enum value "closed" removed`],
  ['response-enum-dropped', responseValue({ type: 'string', enum: ['open'] }), responseValue({ type: 'string' }), `${RETURNED}: no longer limited to "open"`],
  ['response-became-enum', responseValue({ type: 'string' }), responseValue({ type: 'string', enum: ['open'] }), `${RETURNED}: now limited to "open"`],
  ['response-pattern-removed', responseValue({ type: 'string', pattern: '^a' }), responseValue({ type: 'string' }), `${RETURNED}: pattern "^a" removed`],
  [
    'response-pattern-changed',
    responseValue({ type: 'string', pattern: '^a' }),
    responseValue({ type: 'string', pattern: '^b' }),
    `${RETURNED}: pattern changed from "^a" to "^b"`,
  ],
  ['response-pattern-added', responseValue({ type: 'string' }), responseValue({ type: 'string', pattern: '^a' }), `${RETURNED}: pattern "^a" added`],
  [
    'response-required-property-removed',
    responseBody({ type: 'object', required: ['email'], properties: { email: { type: 'string' } } }),
    responseBody({ type: 'object', properties: {} }),
    `${ANSWER} › email: removed (it was required)`,
  ],
  [
    'response-optional-property-removed',
    responseBody({ type: 'object', properties: { nickname: { type: 'string' } } }),
    responseBody({ type: 'object', properties: {} }),
    `${ANSWER} › nickname: removed`,
  ],
  [
    'response-property-added',
    responseBody({ type: 'object', properties: {} }),
    responseBody({ type: 'object', properties: { email: { type: 'string' } } }),
    `${ANSWER} › email: added`,
  ],
  [
    'response-property-became-optional',
    responseBody({ type: 'object', required: ['email'], properties: { email: { type: 'string' } } }),
    responseBody({ type: 'object', properties: { email: { type: 'string' } } }),
    `${ANSWER} › email: became optional`,
  ],
  [
    'response-property-became-required',
    responseBody({ type: 'object', properties: { email: { type: 'string' } } }),
    responseBody({ type: 'object', required: ['email'], properties: { email: { type: 'string' } } }),
    `${ANSWER} › email: became required`,
  ],
  [
    'response-variant-added',
    responseValue({ oneOf: [{ type: 'string' }] }),
    responseValue({ oneOf: [{ type: 'string' }, { type: 'integer' }] }),
    `${RETURNED} › oneOf[1]: alternative added`,
  ],
  [
    'response-variant-removed',
    responseValue({
      anyOf: [
        { title: 'Cat', type: 'object' },
        { title: 'Dog', type: 'object' },
      ],
    }),
    responseValue({ anyOf: [{ title: 'Dog', type: 'object' }] }),
    `${RETURNED} › anyOf[0]: alternative "Cat" removed`,
  ],
];

/** Each constraint from a looser schema to a tighter one, and the words for both ways. */
const CONSTRAINT_CASES: Array<[name: string, loose: Record<string, unknown>, tight: Record<string, unknown>, tightening: string, loosening: string]> = [
  [
    'maximum',
    { type: 'integer', maximum: 10 },
    { type: 'integer', maximum: 10, exclusiveMaximum: true },
    'maximum 10 made exclusive',
    'maximum 10 made inclusive',
  ],
  ['minimum', { type: 'number' }, { type: 'number', exclusiveMinimum: 0 }, 'minimum set to 0 (exclusive)', 'minimum 0 (exclusive) removed'],
  ['max-length', { type: 'string', maxLength: 100 }, { type: 'string', maxLength: 50 }, 'maxLength lowered from 100 to 50', 'maxLength raised from 50 to 100'],
  ['min-length', { type: 'string', minLength: 0 }, { type: 'string', minLength: 1 }, 'minLength set to 1', 'minLength 1 removed'],
  ['max-items', { type: 'array', items: {} }, { type: 'array', items: {}, maxItems: 5 }, 'maxItems set to 5', 'maxItems 5 removed'],
  [
    'min-items',
    { type: 'array', items: {}, minItems: 1 },
    { type: 'array', items: {}, minItems: 2 },
    'minItems raised from 1 to 2',
    'minItems lowered from 2 to 1',
  ],
  [
    'max-properties',
    { type: 'object', maxProperties: 9 },
    { type: 'object', maxProperties: 3 },
    'maxProperties lowered from 9 to 3',
    'maxProperties raised from 3 to 9',
  ],
  ['min-properties', { type: 'object' }, { type: 'object', minProperties: 1 }, 'minProperties set to 1', 'minProperties 1 removed'],
  [
    'multiple-of',
    { type: 'number', multipleOf: 0.5 },
    { type: 'number', multipleOf: 1.5 },
    'multipleOf changed from 0.5 to 1.5',
    'multipleOf changed from 1.5 to 0.5',
  ],
  [
    'unique-items',
    { type: 'array', items: {} },
    { type: 'array', items: {}, uniqueItems: true },
    'items must now be unique',
    'items no longer have to be unique',
  ],
];

const CONSTRAINTS: Row[] = CONSTRAINT_CASES.flatMap(([name, loose, tight, tightening, loosening]): Row[] => [
  [`request-${name}-narrowed` as RuleId, requestValue(loose), requestValue(tight), `${VALUE}: ${tightening}`],
  [`request-${name}-widened` as RuleId, requestValue(tight), requestValue(loose), `${VALUE}: ${loosening}`],
  [`response-${name}-widened` as RuleId, responseValue(tight), responseValue(loose), `${RETURNED}: ${loosening}`],
  [`response-${name}-narrowed` as RuleId, responseValue(loose), responseValue(tight), `${RETURNED}: ${tightening}`],
]);

const header = (required: boolean) => ({ required, schema: { type: 'integer' } });
const RESPONSES: Row[] = [
  [
    'response-success-status-removed',
    withResponses({ '200': { description: 'ok' }, '202': { description: 'accepted' } }),
    withResponses({ '200': { description: 'ok' } }),
    'GET /things › response 202: status removed',
  ],
  [
    'response-error-status-removed',
    withResponses({ '200': { description: 'ok' }, '404': { description: 'none' } }),
    withResponses({ '200': { description: 'ok' } }),
    'GET /things › response 404: status removed',
  ],
  [
    'response-status-added',
    withResponses({ '200': { description: 'ok' } }),
    withResponses({ '200': { description: 'ok' }, '429': { description: 'slow down' } }),
    'GET /things › response 429: status added',
  ],
  [
    'response-media-type-removed',
    withResponses({ '200': { description: 'ok', content: { ...json({}), 'text/csv': {} } } }),
    withResponses({ '200': { description: 'ok', content: json({}) } }),
    'GET /things › response 200 › body (text/csv): media type removed',
  ],
  [
    'response-media-type-added',
    withResponses({ '200': { description: 'ok', content: json({}) } }),
    withResponses({ '200': { description: 'ok', content: { ...json({}), 'application/xml': {} } } }),
    'GET /things › response 200 › body (application/xml): media type added',
  ],
  [
    'response-required-header-removed',
    withResponses({ '200': { description: 'ok', headers: { 'X-Rate-Limit': header(true) } } }),
    withResponses({ '200': { description: 'ok' } }),
    'GET /things › response 200 › header X-Rate-Limit: removed (it was required)',
  ],
  [
    'response-optional-header-removed',
    withResponses({ '200': { description: 'ok', headers: { 'X-Rate-Limit': header(false) } } }),
    withResponses({ '200': { description: 'ok' } }),
    'GET /things › response 200 › header X-Rate-Limit: removed',
  ],
  [
    'response-header-added',
    withResponses({ '200': { description: 'ok' } }),
    withResponses({ '200': { description: 'ok', headers: { ETag: { required: false } } } }),
    'GET /things › response 200 › header ETag: added',
  ],
  [
    'response-header-became-optional',
    withResponses({ '200': { description: 'ok', headers: { 'x-rate-limit': header(true) } } }),
    withResponses({ '200': { description: 'ok', headers: { 'X-Rate-Limit': header(false) } } }),
    'GET /things › response 200 › header X-Rate-Limit: became optional',
  ],
  [
    'response-header-became-required',
    withResponses({ '200': { description: 'ok', headers: { 'X-Rate-Limit': header(false) } } }),
    withResponses({ '200': { description: 'ok', headers: { 'X-Rate-Limit': header(true) } } }),
    'GET /things › response 200 › header X-Rate-Limit: became required',
  ],
];

const SECURITY: Row[] = [
  ['security-added', secured([]), secured([{ bearerAuth: [] }]), 'GET /things › security: authentication now required: bearerAuth'],
  ['security-removed', secured([{ bearerAuth: [] }]), secured([{ bearerAuth: [] }, {}]), 'GET /things › security: authentication now optional'],
  [
    'security-alternative-removed',
    secured([{ bearerAuth: [] }, { apiKey: [] }]),
    secured([{ bearerAuth: [] }]),
    'GET /things › security › apiKey: no longer accepted',
  ],
  ['security-alternative-added', secured([{ bearerAuth: [] }]), secured([{ bearerAuth: [] }, { apiKey: [] }]), 'GET /things › security › apiKey: now accepted'],
  [
    'security-scope-added',
    secured([{ bearerAuth: ['read'] }]),
    secured([{ bearerAuth: ['read', 'write'] }]),
    'GET /things › security › bearerAuth: scope "write" now required for bearerAuth',
  ],
  [
    'security-scope-removed',
    secured([{ bearerAuth: ['read', 'write'] }]),
    secured([{ bearerAuth: ['read'] }]),
    'GET /things › security › bearerAuth: scope "write" no longer required for bearerAuth',
  ],
  [
    'security-scheme-changed',
    spec([operation()], { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } }),
    spec([operation()], { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Token' } } }),
    'security scheme key: changed from apiKey in header "X-API-Key" to apiKey in header "X-Token"',
  ],
  [
    'server-removed',
    spec([operation()], { servers: [{ url: 'https://api.example.com/v1' }] }),
    spec([operation()], { servers: [{ url: 'https://api.example.com/v2' }] }),
    'servers: https://api.example.com/v1 removed',
  ],
];

const ROWS: Row[] = [...OPERATIONS, ...PARAMETERS, ...REQUEST_BODIES, ...REQUEST_VALUES, ...RESPONSE_VALUES, ...CONSTRAINTS, ...RESPONSES, ...SECURITY];

describe('falcon spec diff rules', () => {
  it.each(ROWS)('%s', (rule, old, current, line) => {
    const changes = diffSpecs(old, current);
    expect(changes.map(changeLine)).toEqual([line]);
    expect(changes[0]).toMatchObject({ rule, severity: DIFF_RULES[rule].severity });
  });

  it('has a pair of specs for every rule, and one rule per pair', () => {
    expect(ROWS.map(([rule]) => rule).sort()).toEqual([...RULE_IDS].sort());
  });
});
