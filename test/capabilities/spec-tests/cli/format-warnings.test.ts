import { describe, expect, it } from 'vitest';
import { formatTestSummary } from '../../../../src/capabilities/spec-tests/cli/format-test-summary.js';
import { plainText } from '../../../../src/config/paint.js';
import type { RunWarning, TestRun } from '../../../../src/engines/testing/test-run.js';

const WARNING: RunWarning = {
  kind: 'missing_test_data',
  operation: 'getPet',
  message: 'getPet (GET /pets/{petId}) found nothing for most cases: the petId they sent names no record on the server',
  evidence: 'all 3 answered cases got 404; sent petId 1',
  advice: 'seed the data before the run (a record with petId 1), or give petId an example in the spec that the server has',
};

function run(fields: Partial<TestRun> = {}): TestRun {
  const result = {
    case: {
      id: 'getPet/happy/valid',
      name: 'GET /pets/{petId}',
      kind: 'happy' as const,
      operationId: 'getPet',
      tags: [],
      request: { method: 'GET', path: '/pets/{petId}' },
    },
    outcome: 'passed' as const,
    findings: [],
    durationMs: 2,
  };
  return {
    title: 'Pets 1.0.0',
    baseUrl: 'http://127.0.0.1:4010',
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 10,
    checks: [],
    operations: { total: 1, covered: 1 },
    results: [result, result, result],
    ...fields,
  };
}

const summary = (tested: TestRun) => formatTestSummary(tested, { written: ['r.json'], failed: [] }, plainText);

describe('the falcon test summary with warnings', () => {
  it('lists each warning with its evidence and what to do, and never ends on a plain ✓', () => {
    const text = summary(run({ warnings: [WARNING] }));
    expect(text).toContain(
      [
        'Warnings: no case reached the logic of this operation, so passing checks prove nothing:',
        `  ⚠ missing_test_data: ${WARNING.message}`,
        `      ${WARNING.evidence}`,
        `      → ${WARNING.advice}`,
        '',
        'Reports:',
      ].join('\n'),
    );
    expect(text).not.toContain('✓');
    expect(text).toMatch(/\n⚠ no failures in 3 cases, but 1 warning: the run fails \(--allow-warnings lets it pass\)\n$/);
  });

  it('says when --allow-warnings let the run pass, and keeps the plain ✓ for a run without warnings', () => {
    expect(summary(run({ warnings: [WARNING, { ...WARNING, operation: 'listPets' }], warningsAllowed: true }))).toMatch(
      /\n⚠ no failures in 3 cases, but 2 warnings \(allowed by --allow-warnings\)\n$/,
    );
    const clean = summary(run());
    expect(clean).not.toContain('Warnings');
    expect(clean).toMatch(/\n✓ no failures in 3 cases\n$/);
  });
});
