import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecTestResult } from '../../../src/engines/testing/run-spec-tests.js';
import type { SpecServer } from '../../apis/loopback-server.js';
import { CONFORMING_OPERATIONS, PLANTED_DEFECTS, RESPONSE_TIME_LIMIT_MS, startNonconformingApi } from '../../apis/nonconforming-api.js';
import { testServer } from './spec-run.js';

/** How long an answer takes is the one thing the machine's load changes: that check runs on the slow operation alone. */
const SLOW = PLANTED_DEFECTS.find((defect) => defect.check === 'max_response_time')!;
const ON_CONTENT = PLANTED_DEFECTS.filter((defect) => defect !== SLOW);

/**
 * test/e2e/test-command.test.ts shows, through the binary, that each planted defect is caught and
 * that the conforming operations alone pass. This shows that in one run of every operation nothing
 * else fires: each defect is found by its own check only, and no check fires anywhere else.
 */
describe('falcon test against the nonconforming API', () => {
  let server: SpecServer;
  let tested: SpecTestResult;
  let timed: SpecTestResult;
  beforeAll(async () => {
    server = await startNonconformingApi();
    // Four at a time, so the slow operation holds up only its own cases; the conforming ones pass in any order.
    tested = await testServer(server, { concurrency: 4 });
    // Its answers come SLOW_RESPONSE_MS late, twice the limit, whatever else the machine does.
    timed = await testServer(server, { maxResponseTimeMs: RESPONSE_TIME_LIMIT_MS, filter: { include: [SLOW.operationId] } });
  }, 120_000);
  afterAll(() => server?.close());

  const found = (run: SpecTestResult) =>
    new Set(run.run.results.flatMap((result) => result.findings.map((finding) => `${result.case.operationId} ${finding.kind}`)));

  it('finds each planted defect by exactly its check on its operation, and nothing on the others', () => {
    expect(tested.run.operations).toEqual({
      total: CONFORMING_OPERATIONS.length + PLANTED_DEFECTS.length,
      covered: CONFORMING_OPERATIONS.length + PLANTED_DEFECTS.length,
    });
    expect([...found(tested)].sort()).toEqual(ON_CONTENT.map((defect) => `${defect.operationId} ${defect.check}`).sort());
    const conforming = tested.run.results.filter((result) => CONFORMING_OPERATIONS.includes(result.case.operationId!));
    expect(conforming.length).toBeGreaterThan(50);
    expect(conforming.filter((result) => result.outcome !== 'passed').map((result) => result.case.id)).toEqual([]);
  });

  it('finds the slow operation by max_response_time', () => {
    expect([...found(timed)]).toEqual([`${SLOW.operationId} max_response_time`]);
  });
});
