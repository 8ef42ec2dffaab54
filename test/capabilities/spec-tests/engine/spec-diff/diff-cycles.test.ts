import { expect, it } from 'vitest';
import { diffSpecs } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/diff-specs.js';
import { changeLine } from '../../../../../src/capabilities/spec-tests/engine/spec-diff/spec-change.js';
import type { JsonSchema } from '../../../../../src/engines/spec/spec-format.js';
import { operation, spec } from './spec-builders.js';

/** A JSON-like value: a string, or a list of values, or a map of them, each alternative leading back to the whole. */
function valueSpec(text: JsonSchema, method: 'GET' | 'PUT') {
  const node = { $ref: '#/schemas/Value' };
  const schemas = { Value: { oneOf: [text, { type: 'array', items: node }, { type: 'object', additionalProperties: node }] } };
  const body = { 'application/json': { schema: node } };
  const exchange = method === 'GET' ? { responses: { '200': { description: 'ok', content: body } } } : { requestBody: { required: true, content: body } };
  return spec([operation({ method, ...exchange })], { schemas });
}

it('compares schemas that lead back to themselves through alternatives, and ends', () => {
  const changes = diffSpecs(valueSpec({ type: 'string' }, 'GET'), valueSpec({ type: 'string', maxLength: 10 }, 'GET')).map(changeLine);
  expect(changes).toEqual(['GET /things › response 200 › body › oneOf[0]: maxLength set to 10']);
  const sent = diffSpecs(valueSpec({ type: 'string', maxLength: 10 }, 'PUT'), valueSpec({ type: 'integer' }, 'PUT')).map(changeLine);
  expect(sent).toEqual(['PUT /things › request body › oneOf[0]: type changed from string to integer']);
});
