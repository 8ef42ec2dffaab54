import { describe, expect, it } from 'vitest';
import type { JsonSchema, SpecOperation } from '../../../../src/engines/spec/spec-format.js';
import type { CheckContext, SentWrite } from '../../../../src/engines/testing/checks/check-context.js';
import { documentedResponse } from '../../../../src/engines/testing/checks/documented-response.js';
import { writeReadConsistency } from '../../../../src/engines/testing/checks/write-read-consistency.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { answer, caseOf, findingsOf } from './check-context-fixture.js';
import { jsonResponse, specOf } from './spec-fixture.js';

const member: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    joinedAt: { type: 'string', format: 'date-time' },
    nickname: { type: 'string' },
  },
};
const body = (schema: JsonSchema) => ({ required: true, content: { 'application/json': { schema } } });
const operation = (id: string, method: string, path: string, status: string, withBody = method !== 'GET'): SpecOperation => ({
  id,
  method,
  path,
  tags: [],
  parameters: [],
  ...(withBody && { requestBody: body(member) }),
  responses: { [status]: jsonResponse({ type: 'object', properties: { data: member } }), '404': { description: 'gone' } },
  security: [],
});
const create = operation('createMember', 'POST', '/members', '201');
const read = operation('getMember', 'GET', '/members/{id}', '200');
const replace = operation('replaceMember', 'PUT', '/members/{id}', '200');
const update = operation('updateMember', 'PATCH', '/members/{id}', '200');
const spec = specOf([create, read, replace, update]);

const CREATE = 'createMember/stateful/create';
const step = (op: SpecOperation, extra: Partial<TestCase> = {}): TestCase =>
  caseOf('stateful', {
    id: `${op.id}/stateful/x`,
    operationId: op.id,
    request: { method: op.method, path: op.path },
    resource: { state: 'created', by: CREATE },
    ...extra,
  });
const createStep = caseOf('stateful', { id: CREATE, operationId: 'createMember', request: { method: 'POST', path: '/members' } });
const wrapped = (value: object) => answer(200, JSON.stringify({ data: { id: 7, ...value } }));
const sentByCreate = { name: 'Ada', email: 'Ada@Example.COM', joinedAt: '2024-03-01T10:00:00Z', nickname: 'Ada' };
const createWrite: SentWrite = { testCase: createStep, label: 'step 1 (createMember)', body: sentByCreate, operation: create };

function context(testCase: TestCase, op: SpecOperation, response = answer(200), extra: Partial<CheckContext> = {}): CheckContext {
  return { testCase, response, operation: op, documented: documentedResponse(op, response.status), spec, ...extra };
}

describe('write_read_consistency', () => {
  it("judges a create's answer by what it sent, the same by meaning passing", () => {
    const same = wrapped({ name: 'Ada', email: 'ada@example.com', joinedAt: '2024-03-01T12:00:00.000+02:00', nickname: 'Ada' });
    const created = { ...same, status: 201 };
    expect(findingsOf(writeReadConsistency, context(createStep, create, created, { sentBody: sentByCreate }))).toEqual([]);
    const shifted = { ...wrapped({ name: 'Ada', email: 'ada@example.com', joinedAt: '2024-03-01T10:00:00+02:00' }), status: 201 };
    expect(findingsOf(writeReadConsistency, context(createStep, create, shifted, { sentBody: sentByCreate }))).toEqual([
      { kind: 'write_read_consistency', message: 'joinedAt: this request sent "2024-03-01T10:00:00Z", the answer holds "2024-03-01T10:00:00+02:00"' },
      { kind: 'write_read_consistency', message: 'nickname: this request sent "Ada", the answer has none' },
    ]);
  });

  it("judges the chain's read of what its create made, naming the step that sent each value", () => {
    const readStep = step(read, { request: { method: 'GET', path: '/members/{id}', pathParams: { id: '{{id}}' } } });
    const held = wrapped({ name: 'Ada Lovelace', email: 'ada@example.com', joinedAt: '2024-03-01T10:00:00Z', nickname: 'Ada' });
    expect(findingsOf(writeReadConsistency, context(readStep, read, held, { writes: [createWrite] }))).toEqual([
      { kind: 'write_read_consistency', message: 'name: step 1 (createMember) sent "Ada", the read holds "Ada Lovelace"' },
    ]);
  });

  it('judges a PUT and a PATCH by the state their writes leave, in the answer and in the read back', () => {
    const put = { name: 'Bo', email: 'bo@example.com', joinedAt: '2024-04-01T00:00:00Z' };
    const putWrite: SentWrite = { testCase: step(replace), label: 'step 3 (replaceMember)', body: put, operation: replace };
    const patched = wrapped({ ...put, nickname: 'B' });
    const readBack = { response: wrapped(put), operation: read, documented: documentedResponse(read, 200) };
    expect(
      findingsOf(writeReadConsistency, context(step(update), update, patched, { sentBody: { nickname: 'B' }, writes: [createWrite, putWrite], readBack })),
    ).toEqual([{ kind: 'write_read_consistency', message: 'nickname: this request sent "B", the read back has none' }]);
    // The PUT replaced the create's nickname: after it nothing is expected of it.
    expect(findingsOf(writeReadConsistency, context(step(replace), replace, wrapped(put), { sentBody: put, writes: [createWrite] }))).toEqual([]);
  });

  it('judges no read of a deleted resource, no answer that failed, no case outside a chain, nothing the answer does not document', () => {
    const held = wrapped({ name: 'Bo' });
    const deleted = step(read, { resource: { state: 'deleted', by: 'deleteMember/stateful/x' } });
    expect(findingsOf(writeReadConsistency, context(deleted, read, held, { writes: [createWrite] }))).toEqual([]);
    expect(findingsOf(writeReadConsistency, context(step(replace), replace, answer(404, '{"error":"no"}'), { sentBody: { name: 'Bo' } }))).toEqual([]);
    const happy = caseOf('happy', { operationId: 'replaceMember', request: { method: 'PUT', path: '/members/1' } });
    expect(findingsOf(writeReadConsistency, context(happy, replace, wrapped({ name: 'Cy' }), { sentBody: { name: 'Bo' } }))).toEqual([]);
    const undocumented = { ...replace, responses: { '200': { description: 'no body documented' } } };
    expect(findingsOf(writeReadConsistency, context(step(undocumented), undocumented, wrapped({ name: 'Cy' }), { sentBody: { name: 'Bo' } }))).toEqual([]);
    // A list below the created resource is no read of it.
    const posts = step(operation('listPosts', 'GET', '/members/{id}/posts', '200'));
    expect(findingsOf(writeReadConsistency, context(posts, read, wrapped({ name: 'Cy' }), { writes: [createWrite] }))).toEqual([]);
  });
});
