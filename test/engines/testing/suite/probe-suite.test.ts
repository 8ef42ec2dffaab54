import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { loadTestSuite, saveTestSuite, type TestSuiteFile } from '../../../../src/engines/testing/suite/test-suite-file.js';
import { CHECK_NAMES } from '../../../../src/engines/testing/test-run.js';
import { PEER_CHECKS_SPEC_FILE } from '../../../apis/peer-checks-api.js';
import { createTempProject, type TempProject } from '../../../tools/temp-project.js';
import { ingestedSpec } from '../generate/generation-fixtures.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(() => project.remove());

describe('a suite of the cases made for the checks', () => {
  it('keeps the probes (their check, the credentials they go without) and what chain steps say of their resource', async () => {
    const spec = await ingestedSpec(PEER_CHECKS_SPEC_FILE);
    const cases = (await generateCases(spec, spec.operations, { strategies: ['happy', 'stateful'], checks: CHECK_NAMES })).filter(
      (testCase) => testCase.probe || testCase.resource,
    );
    expect(cases.some((testCase) => testCase.request.withoutCredentials)).toBe(true);
    expect(cases.some((testCase) => testCase.probe === 'unsupported_method')).toBe(true);
    expect(cases.some((testCase) => testCase.resource?.state === 'deleted')).toBe(true);
    const suite: TestSuiteFile = { format: 'falcon-tests/1', name: 'peer', createdAt: '2025-01-31T10:00:00.000Z', cases };
    await saveTestSuite(project.root, suite);
    // A suite keeps no literal credential, not even the invalid one a probe sends: it is kept masked, still no valid one.
    const mask = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, /^(authorization|x-api-key)$/i.test(name) ? '[masked]' : value]));
    const masked = cases.map((testCase) =>
      testCase.request.headers ? { ...testCase, request: { ...testCase.request, headers: mask(testCase.request.headers) } } : testCase,
    );
    expect(await loadTestSuite(project.root, 'peer')).toEqual({ ...suite, cases: masked });
  });
});

describe('a suite of near misses', () => {
  it('keeps what each is (its kind and value) and a body sent as JSON text', async () => {
    const spec = await ingestedSpec('near-miss-values-3.0.yaml');
    const cases = (await generateCases(spec, spec.operations, { strategies: ['negative'] })).filter((testCase) => testCase.nearMiss);
    expect(cases.some((testCase) => testCase.request.bodyIsText)).toBe(true);
    const suite: TestSuiteFile = { format: 'falcon-tests/1', name: 'near-misses', createdAt: '2025-01-31T10:00:00.000Z', cases };
    await saveTestSuite(project.root, suite);
    expect(await loadTestSuite(project.root, 'near-misses')).toEqual(suite);
  });
});
