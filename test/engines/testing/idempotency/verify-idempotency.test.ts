import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { verifyIdempotency } from '../../../../src/engines/testing/idempotency/verify-idempotency.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { type TempProject, createTempProject } from '../../../tools/temp-project.js';
import { type RepeatApi, repeatApiSpec, startRepeatApi } from '../../../apis/repeat-api.js';

let api: RepeatApi;
let project: TempProject;
let spec: FalconSpec;
let variables: VariableScope;
beforeEach(async () => {
  api = await startRepeatApi();
  project = await createTempProject();
  spec = await repeatApiSpec();
  variables = new VariableScope(project.root, {});
});
afterEach(async () => {
  await api.close();
  await project.remove();
});

it('repeats each idempotent operation, reads first and DELETEs last, and flags the ones whose answers change', async () => {
  const { run, volatileFields } = await verifyIdempotency(spec, spec.operations, { baseUrl: api.url, variables });
  const outcomes = Object.fromEntries(run.results.map((result) => [result.case.operationId, result.outcome]));
  expect(run.results.map((result) => result.case.operationId)).toEqual([
    'listItems',
    'getItem',
    'getClock',
    'getCounter',
    'getOrder',
    'getReport',
    'putItem',
    'deleteItem',
    'deleteCart',
  ]);
  expect(outcomes).toEqual({
    listItems: 'passed',
    getItem: 'passed',
    getClock: 'passed',
    getCounter: 'failed',
    getOrder: 'skipped',
    getReport: 'skipped',
    putItem: 'passed',
    deleteItem: 'passed',
    deleteCart: 'failed',
  });
  expect(run).toMatchObject({ title: 'Idempotency of Repeat API 1.0.0 (each request sent 3 times)', baseUrl: api.url, operations: { total: 9, covered: 7 } });
  expect(volatileFields).toEqual({ getClock: ['requestId', 'servedAt'], putItem: ['updatedAt'] });

  const counter = run.results[3]!;
  expect(counter.case).toMatchObject({ id: 'getCounter/idempotency', name: 'GET /counter sent 3 times' });
  expect(counter.findings).toEqual([
    { kind: 'idempotency', message: 'call 2 of 3 differs from call 1: $.count: 1 → 2' },
    { kind: 'idempotency', message: 'call 3 of 3 differs from call 1: $.count: 1 → 3' },
  ]);
  expect(counter.response?.body).toBe('{"count":2}');
  const cart = run.results[8]!;
  expect(cart.findings.map((finding) => finding.message)).toEqual([
    'call 2 of 3 answered 500: a repeated DELETE must not fail on the server',
    'call 3 of 3 answered 500: a repeated DELETE must not fail on the server',
  ]);
  expect(cart.response?.status).toBe(500);
  expect(run.results[4]!.skipReason).toMatch(/^its required parameters cannot be filled: unknown variable \{\{ORDER_ID\}\}/);
  expect(run.results[5]!.skipReason).toBe(
    'its required parameters cannot be filled: no value the spec allows could be made for a required parameter or the body',
  );

  expect(api.received.filter((line) => line.startsWith('DELETE /items'))).toEqual(['DELETE /items/1', 'DELETE /items/1', 'DELETE /items/1']);
  const methods = api.received.map((line) => line.split(' ')[0]);
  expect(methods.indexOf('DELETE')).toBeGreaterThan(methods.lastIndexOf('GET'));
  expect(api.received.some((line) => line.startsWith('POST'))).toBe(false);
});

it('sends as many times as asked, and fills placeholders from the variables', async () => {
  variables.session.set('ORDER_ID', 'o-7');
  const order = spec.operations.filter((operation) => operation.id === 'getOrder' || operation.id === 'createItem');
  const { run } = await verifyIdempotency(spec, order, { baseUrl: api.url, variables, repeat: 5 });
  expect(run.results.map((result) => [result.case.operationId, result.outcome])).toEqual([['getOrder', 'passed']]);
  expect(api.received).toEqual(Array.from({ length: 5 }, () => 'GET /orders/o-7'));
});

it('reports a server it cannot reach as a request error', async () => {
  await api.close();
  const clock = spec.operations.filter((operation) => operation.id === 'getClock');
  const { run } = await verifyIdempotency(spec, clock, { baseUrl: api.url, variables });
  expect(run.results[0]).toMatchObject({
    outcome: 'failed',
    findings: [{ kind: 'request_error', message: expect.stringMatching(/^call 1 of 3: could not connect/) }],
  });
  api = await startRepeatApi();
});
