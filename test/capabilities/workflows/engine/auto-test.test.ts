import { copyFile, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../../src/engines/spec/ingest-spec.js';
import { loadTestSuite, saveTestSuite } from '../../../../src/engines/testing/suite/test-suite-file.js';
import { type AutoTestInput, autoTest, passingSuite } from '../../../../src/capabilities/workflows/engine/auto-test.js';
import { ScenarioWritingError } from '../../../../src/capabilities/workflows/engine/model-scenarios.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { MALFORMED_INPUT_DEFECTS, NEAR_MISS_INPUT_DEFECTS, startCustomersApi } from '../../../apis/customers-api.js';
import type { SpecServer } from '../../../apis/loopback-server.js';
import { ScriptedModel } from '../../../support/scripted-model.js';
import { USERS_API_TOKEN, type UsersApi, startUsersApi } from '../../../apis/users-api.js';

const signal = new AbortController().signal;
const json = (value: unknown) => `Here they are:\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;

function input(root: string, baseUrl: string, more: Partial<AutoTestInput>): AutoTestInput {
  const variables = new VariableScope(root, {});
  variables.session.set('API_TOKEN', USERS_API_TOKEN);
  return {
    projectRoot: root,
    method: 'POST',
    path: '/users',
    baseUrl,
    variableNames: ['API_TOKEN'],
    mask: (text) => text,
    variables,
    signal,
    progress: () => undefined,
    ...more,
  };
}

describe('autoTest without a spec: the model writes the scenarios', () => {
  let root: string;
  let api: UsersApi;
  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-auto-test-')));
    api = await startUsersApi(root);
  });
  afterAll(async () => {
    await api.stop();
    await rm(root, { recursive: true, force: true });
  });

  const SCENARIOS = [
    {
      name: 'a valid user is created',
      request: { method: 'POST', path: '/users', headers: { Authorization: 'Bearer {{API_TOKEN}}' }, body: { name: 'Edsger' } },
      expectStatus: [201],
    },
    { name: 'no token is 401', request: { method: 'post', path: '/users', body: { name: 'Edsger' } }, expectStatus: 401 },
    {
      name: 'a missing name is 400',
      request: { method: 'POST', path: '/users', headers: { Authorization: 'Bearer {{API_TOKEN}}' }, body: {} },
      expectStatus: [400, 422],
    },
    {
      name: 'an empty name is 422',
      request: { method: 'POST', path: '/users', headers: { Authorization: 'Bearer {{API_TOKEN}}' }, body: { name: '' } },
      expectStatus: [422],
    },
    { name: 'another endpoint', request: { method: 'GET', path: '/users' }, expectStatus: [200] },
    { name: 'no status', request: { method: 'POST', path: '/users' } },
  ];

  it('keeps the scenarios for this endpoint, runs them, and splits passing from failing', async () => {
    const model = new ScriptedModel([json(SCENARIOS)]);
    const result = await autoTest(input(root, api.url, { model }));
    expect(result.source.kind).toBe('model');
    expect(result.run.results.map((item) => [item.case.name, item.outcome])).toEqual([
      ['a valid user is created', 'passed'],
      ['no token is 401', 'passed'],
      ['a missing name is 400', 'passed'],
      ['an empty name is 422', 'failed'],
    ]);
    expect(result.failing[0]!.findings[0]).toMatchObject({ kind: 'expected_status' });
    expect(result.source.kind === 'model' && result.source.dropped).toEqual([
      'scenario 6: expectStatus: Invalid input: expected array, received undefined',
      '"another endpoint": GET /users is not a request to POST /users',
    ]);

    // What the model read: the endpoint, the variables it may use, the handler's code and the probe's answer.
    const prompt = model.seen[0]![1]!.content;
    expect(prompt).toContain('Endpoint: POST /users\nVariables: {{API_TOKEN}}');
    expect(prompt).toContain("if (typeof name !== 'string' || name.length === 0) return res.json(400, { error: 'name is required' });");
    expect(prompt).toMatch(/Probe: POST http:\/\/127\.0\.0\.1:\d+\/users \(sent with an empty JSON object as its body\) → HTTP 401/);

    const suite = passingSuite(result, 'auto-post-users', new Date('2025-01-31T10:00:00Z'));
    expect(suite.description).toBe('auto_test of POST /users: the 3 scenarios that passed, written by script from routes.js:19');
    await saveTestSuite(root, suite);
    const loaded = await loadTestSuite(root, 'auto-post-users');
    expect(loaded.cases.map((testCase) => [testCase.id, testCase.request.headers?.Authorization])).toEqual([
      ['auto/a-valid-user-is-created', 'Bearer {{API_TOKEN}}'],
      ['auto/no-token-is-401', undefined],
      ['auto/a-missing-name-is-400', 'Bearer {{API_TOKEN}}'],
    ]);
  });

  it('tells the model what was wrong once, and gives up with the reasons after a second unusable reply', async () => {
    const model = new ScriptedModel(['I would test the happy path.', json([{ name: 'x', request: { method: 'GET', path: 'users' }, expectStatus: [200] }])]);
    const error = await autoTest(input(root, api.url, { model })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ScenarioWritingError);
    expect((error as Error).message).toBe(
      'the model wrote no usable scenario for POST /users: scenario 1: request.path: must start with "/" (after 2 replies)',
    );
    expect(model.seen[1]!.at(-1)!.content).toBe(
      'None of those scenarios can be used: the reply holds no JSON array of scenarios. Reply again with the corrected JSON array only.',
    );
  });

  it("fills the route's path parameters from pathParams and refuses a template without its value", async () => {
    const model = new ScriptedModel([
      json([
        { name: 'user 2 is found', request: { method: 'GET', path: '/users/:id', pathParams: { id: 2 } }, expectStatus: [200] },
        { name: 'no value', request: { method: 'GET', path: '/users/{id}' }, expectStatus: [200] },
      ]),
    ]);
    const result = await autoTest(input(root, api.url, { model, method: 'GET', path: '/users/2' }));
    expect(result.run.results.map((item) => [item.case.request.path, item.outcome])).toEqual([['/users/{id}', 'failed']]);
    expect(result.source.kind === 'model' && result.source.dropped).toEqual(['"no value": its path has no value for {id} in pathParams']);
  });
});

describe('autoTest with a spec: the testing engine generates the scenarios', () => {
  let root: string;
  let api: SpecServer;
  beforeEach(async () => {
    root = await realpath(await mkdtemp(path.join(tmpdir(), 'falcon-auto-test-spec-')));
    api = await startCustomersApi('defective');
  });
  afterEach(async () => {
    await api.close();
    await rm(root, { recursive: true, force: true });
  });

  it("runs the operation's cases with the spec's checks and keeps only the passing ones", async () => {
    await copyFile(api.specFile, path.join(root, 'customers.yaml'));
    const { spec } = await ingestSpec('customers.yaml', { projectRoot: root, signal });
    const result = await autoTest(input(root, api.url, { method: 'GET', path: '/customers/0b7c7b4e-4a8c-4a43-9c55-3c1d5c1d2f7e', spec }));
    expect(result.source).toMatchObject({ kind: 'spec', operation: { id: 'getCustomer' } });
    expect(result.path).toBe('/customers/{customerId}');
    expect(result.passing.map((testCase) => testCase.id)).toEqual(['getCustomer/happy/valid']);
    expect(result.failing.map((item) => [item.case.id, item.findings.map((finding) => finding.kind)])).toEqual([
      [MALFORMED_INPUT_DEFECTS[0], ['not_a_server_error']],
      ['getCustomer/negative/path-customerId-no-dashes', NEAR_MISS_INPUT_DEFECTS['getCustomer/negative/path-customerId-no-dashes']],
    ]);
    expect(passingSuite(result, 'customers').spec).toBe(spec.source);
  });
});
