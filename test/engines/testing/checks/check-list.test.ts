import { describe, expect, it } from 'vitest';
import { SPEC_TEST_CHECKS } from '../../../../src/engines/testing/checks/all-checks.js';
import { activeChecks, createResponseChecker } from '../../../../src/engines/testing/checks/check-response.js';
import { CHECK_NAMES } from '../../../../src/engines/testing/test-run.js';
import { answer, caseOf } from './check-context-fixture.js';
import { getOperation, jsonResponse, specOf } from './spec-fixture.js';

describe('the list of spec-test checks', () => {
  it('names each check once, and --checks takes those names in its order', () => {
    const names = SPEC_TEST_CHECKS.map((check) => check.name);
    expect(new Set(names).size).toBe(names.length);
    expect(CHECK_NAMES).toEqual(names);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('applies each check by what it declares it needs: the spec, its schemas, a time limit', () => {
    const spec = specOf([getOperation('getThing', '/things/{id}', { '200': jsonResponse({ type: 'object' }) })]);
    const needing = (need: string) => SPEC_TEST_CHECKS.filter((check) => 'needs' in check && check.needs === need).map((check) => check.name);
    const bare = activeChecks({});
    for (const name of [...needing('spec'), ...needing('schemas'), ...needing('time-limit')]) expect(bare).not.toContain(name);
    const graphqlChecks = SPEC_TEST_CHECKS.filter((check) => 'api' in check).map((check) => check.name);
    expect(activeChecks({ spec, maxResponseTimeMs: 100 })).toEqual(CHECK_NAMES.filter((name) => !graphqlChecks.includes(name)));
  });

  it('applies the GraphQL checks, and max_response_time, to a GraphQL spec alone', () => {
    const spec = { ...specOf([]), kind: 'graphql' as const, graphql: { sdl: 'type Query { a: Int }' } };
    expect(activeChecks({ spec, maxResponseTimeMs: 100 })).toEqual([
      'max_response_time',
      'graphql_no_server_error',
      'graphql_response_schema',
      'graphql_invalid_input',
    ]);
  });

  it('names each finding after the check that made it', async () => {
    const findings = await createResponseChecker({})(caseOf('happy'), answer(503));
    expect(findings).toEqual([{ kind: 'not_a_server_error', message: 'server error 503 : {}' }]);
  });
});
