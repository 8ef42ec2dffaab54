import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateCases } from '../../../../src/engines/testing/generate/generate-cases.js';
import { testCaseInputSchema } from '../../../../src/engines/testing/suite/test-case-schema.js';
import { loadTestSuite, saveTestSuite, type TestSuiteFile } from '../../../../src/engines/testing/suite/test-suite-file.js';
import { CHECK_NAMES } from '../../../../src/engines/testing/test-run.js';
import { INVARIANTS_SPEC_FILE } from '../../../apis/invariants-api.js';
import { createTempProject, type TempProject } from '../../../tools/temp-project.js';
import { ingestedSpec } from '../generate/generation-fixtures.js';

let project: TempProject;
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(() => project.remove());

describe('a suite of the cases the invariant checks judge', () => {
  it('keeps the walks of the lists and the reads back of the writes', async () => {
    const spec = await ingestedSpec(INVARIANTS_SPEC_FILE);
    const cases = (await generateCases(spec, spec.operations, { strategies: ['stateful'], checks: CHECK_NAMES })).filter(
      (testCase) => testCase.walk || testCase.readBack,
    );
    expect(cases.filter((testCase) => testCase.walk).map((testCase) => testCase.walk!.step.by)).toEqual(['page', 'offset', 'cursor', 'link']);
    expect(cases.filter((testCase) => testCase.readBack).map((testCase) => testCase.id)).toEqual([
      'replaceMember/stateful/replace-created',
      'updateMember/stateful/update-created',
      'updateProject/stateful/update-created',
    ]);
    const suite: TestSuiteFile = { format: 'falcon-tests/1', name: 'invariants', createdAt: '2025-01-31T10:00:00.000Z', cases };
    await saveTestSuite(project.root, suite);
    expect(await loadTestSuite(project.root, 'invariants')).toEqual(suite);
  });

  it('refuses a walk it could not follow', () => {
    const walkOf = (walk: unknown) =>
      testCaseInputSchema.safeParse({ request: { method: 'GET', path: '/things' }, probe: 'pagination_consistency', walk }).success;
    expect(walkOf({ step: { by: 'page', parameter: 'page', first: 1 }, items: ['items'] })).toBe(true);
    expect(walkOf({ step: { by: 'sideways' }, items: [] })).toBe(false);
    expect(walkOf({ step: { by: 'cursor', parameter: 'cursor', from: 'the sky' }, items: [] })).toBe(false);
    expect(walkOf({ step: { by: 'link' } })).toBe(false);
  });
});
