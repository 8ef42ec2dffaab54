import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecTestResult } from '../../../../src/engines/testing/run-spec-tests.js';
import type { SpecServer } from '../../../support/loopback-server.js';
import { CONFORMING_OPERATIONS, PLANTED_DEFECTS, RESPONSE_TIME_LIMIT_MS, startNonconformingApi } from '../../../support/nonconforming-api.js';
import { testServer } from './spec-run.js';

/**
 * test/cli/test-command.test.ts shows, through the binary, that each planted defect is caught and
 * that the conforming operations alone pass. This shows that in one whole run nothing else fires:
 * each defect is found by its own check only, and no check fires anywhere else.
 */
describe('falcon test against the nonconforming API', () => {
  let server: SpecServer;
  let tested: SpecTestResult;
  beforeAll(async () => {
    server = await startNonconformingApi();
    // Four at a time, so the slow operation holds up only its own cases; the conforming ones pass in any order.
    tested = await testServer(server, { maxResponseTimeMs: RESPONSE_TIME_LIMIT_MS, concurrency: 4 });
  });
  afterAll(() => server?.close());

  it('finds each planted defect by exactly its check on its operation, and nothing on the others', () => {
    expect(tested.run.operations).toEqual({ total: CONFORMING_OPERATIONS.length + PLANTED_DEFECTS.length, covered: CONFORMING_OPERATIONS.length + PLANTED_DEFECTS.length });
    const found = new Set(tested.run.results.flatMap((result) => result.findings.map((finding) => `${result.case.operationId} ${finding.kind}`)));
    expect([...found].sort()).toEqual(PLANTED_DEFECTS.map((defect) => `${defect.operationId} ${defect.check}`).sort());
    const conforming = tested.run.results.filter((result) => CONFORMING_OPERATIONS.includes(result.case.operationId!));
    expect(conforming.length).toBeGreaterThan(50);
    expect(conforming.filter((result) => result.outcome !== 'passed').map((result) => result.case.id)).toEqual([]);
  });
});
