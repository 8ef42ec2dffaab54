import { describe, expect, it } from 'vitest';
import { createResponseChecker } from '../../../../src/engines/testing/checks/check-response.js';
import { checksForCase } from '../../../../src/engines/testing/checks/checks-for-case.js';
import { CHECK_NAMES } from '../../../../src/engines/testing/test-run.js';
import { answer, caseOf } from './check-context-fixture.js';
import { getOperation, jsonResponse, specOf } from './spec-fixture.js';

const spec = specOf([getOperation('getThing', '/things/{id}', { '200': jsonResponse({ type: 'object' }), '404': jsonResponse() })]);

describe('which checks judge a case', () => {
  it('all that are on for a case, only its own and those any response must pass for a probe', () => {
    expect(checksForCase(CHECK_NAMES, caseOf('happy'))).toEqual(CHECK_NAMES.filter((name) => !name.startsWith('graphql_')));
    expect(checksForCase(CHECK_NAMES, caseOf('probe', { probe: 'ignored_auth' }))).toEqual(['not_a_server_error', 'ignored_auth', 'max_response_time']);
    expect(checksForCase(['status_code_conformance', 'unsupported_method'], caseOf('probe', { probe: 'unsupported_method' }))).toEqual(['unsupported_method']);
  });

  it('judges a GraphQL case by the GraphQL checks alone, and one sent without credentials only for a server error', () => {
    const graphql = caseOf('happy', { graphql: { kind: 'query', field: 'books' } });
    expect(checksForCase(CHECK_NAMES, graphql)).toEqual(['max_response_time', 'graphql_no_server_error', 'graphql_response_schema', 'graphql_invalid_input']);
    const anonymous = caseOf('probe', { graphql: { kind: 'query', field: 'order', withoutCredentials: true } });
    expect(checksForCase(CHECK_NAMES, anonymous)).toEqual(['graphql_no_server_error']);
  });

  it('holds a body no JSON parser reads (+1) to negative_data_rejection and what any response must pass, not to the documented answers', async () => {
    const plus = caseOf('negative', { expectRejection: true, request: { method: 'GET', path: '/things/1', body: '{"n":+1}', bodyIsText: true } });
    expect(checksForCase(CHECK_NAMES, plus)).toEqual(['not_a_server_error', 'negative_data_rejection', 'max_response_time']);
    const check = createResponseChecker({ spec });
    expect(await check(plus, answer(400))).toEqual([]);
    expect((await check(plus, answer(200))).map((finding) => finding.kind)).toEqual(['negative_data_rejection']);
    expect((await check({ ...plus, expectRejection: false }, answer(400))).map((finding) => finding.kind)).toEqual(['status_code_conformance']);
  });

  it('does not hold a probe to what the spec says of its operation: a 405 to an undocumented method passes', async () => {
    const check = createResponseChecker({ spec });
    expect(
      await check(caseOf('probe', { probe: 'unsupported_method', request: { method: 'PATCH', path: '/things/1' } }), answer(405, 'Method Not Allowed')),
    ).toEqual([]);
    expect(await check(caseOf('happy'), answer(405, 'Method Not Allowed'))).toEqual([
      expect.objectContaining({ kind: 'status_code_conformance' }),
      expect.objectContaining({ kind: 'positive_data_acceptance' }),
    ]);
    expect(await check(caseOf('probe', { probe: 'unsupported_method' }), answer(500))).toEqual([
      expect.objectContaining({ kind: 'not_a_server_error' }),
      expect.objectContaining({ kind: 'unsupported_method' }),
    ]);
  });

  it("reports a deleted resource still found once, as delete_effective, not also as the step's expected 404", async () => {
    const check = createResponseChecker({ spec });
    const reread = caseOf('stateful', { expectStatus: [404], resource: { state: 'deleted', by: 'deleteThing/stateful/delete-created' } });
    const earlier = new Map([['deleteThing/stateful/delete-created', 204]]);
    expect((await check(reread, answer(200), { earlier })).map((finding) => finding.kind)).toEqual(['delete_effective']);
    const withoutIt = createResponseChecker({ spec, checks: ['status_code_conformance'] });
    expect((await withoutIt(reread, answer(200), { earlier })).map((finding) => finding.kind)).toEqual(['expected_status']);
  });

  it("reports a deleted resource still changed once, as use_after_free, not also as the step's expected 404", async () => {
    const check = createResponseChecker({ spec, checks: ['use_after_free', 'delete_effective'] });
    const change = caseOf('stateful', {
      request: { method: 'PATCH', path: '/things/{id}', pathParams: { id: 1 } },
      expectStatus: [404],
      resource: { state: 'deleted', by: 'deleteThing/stateful/delete-created' },
    });
    const earlier = new Map([['deleteThing/stateful/delete-created', 204]]);
    expect((await check(change, answer(200), { earlier })).map((finding) => finding.kind)).toEqual(['use_after_free']);
  });
});
