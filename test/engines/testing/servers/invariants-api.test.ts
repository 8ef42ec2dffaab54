import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpecTestResult } from '../../../../src/engines/testing/run-spec-tests.js';
import type { SpecServer } from '../../../apis/loopback-server.js';
import { INVARIANT_DEFECTS, startInvariantsApi } from '../../../apis/invariants-api.js';
import { testServer } from './spec-run.js';

describe('falcon test against the invariants API (exploration)', () => {
  let planted: SpecServer;
  let twin: SpecServer;
  let found: SpecTestResult;
  let conforming: SpecTestResult;
  beforeAll(async () => {
    [planted, twin] = await Promise.all([startInvariantsApi({ planted: true }), startInvariantsApi({ planted: false })]);
    [found, conforming] = await Promise.all([testServer(planted), testServer(twin)]);
  });
  afterAll(async () => {
    await planted?.close();
    await twin?.close();
  });

  it('dumps', () => {
    const lines = (tested: SpecTestResult) =>
      tested.run.results.flatMap((result) => [
        ...result.findings.map((finding) => `${result.case.id} ${finding.kind}: ${finding.message}`),
        ...(result.outcome === 'skipped' ? [`${result.case.id} SKIPPED ${result.skipReason}`] : []),
      ]);
    console.log('PLANTED\n' + lines(found).join('\n'));
    console.log('TWIN\n' + lines(conforming).join('\n'));
    expect(INVARIANT_DEFECTS.length).toBeGreaterThan(0);
  });
});
