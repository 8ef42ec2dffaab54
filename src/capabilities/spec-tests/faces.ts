import { parseJsonReport } from '../../engines/testing/report/read-json-report.js';
import { type TestRun, tallyRun } from '../../engines/testing/test-run.js';
import { defineFaces } from '../../kit/capability.js';
import { plural } from '../../kit/page-text.js';
import { UnreadableReportError } from '../../kit/read-report.js';
import { defineReportFace, passedOr } from '../../kit/report-face.js';
import { runSpecTestsTool } from './served/run-spec-tests-tool.js';
import { checkRegressionTool } from './tools/check-regression.js';
import { generateFunctionalTestsTool } from './tools/generate-functional-tests.js';
import { ingestSpecTool } from './tools/ingest-spec.js';
import { runDataDrivenTool } from './tools/run-data-driven.js';
import { runSmokeTool } from './tools/run-smoke.js';
import { specDiffTool } from './tools/spec-diff.js';
import { runTestsTool } from './tools/run-tests.js';
import { testSuiteTool } from './tools/test-suite.js';
import { verifyIdempotencyTool } from './tools/verify-idempotency.js';
import { TEST_REPORT_PLACE } from './test-report-place.js';

/** A test report names its format; it is read by the test report's own reader. */
const testReports = defineReportFace<{ run: TestRun }>({
  ...TEST_REPORT_PLACE,
  recognise: (fields) => typeof fields.format === 'string' && fields.format.startsWith('falcon-test-report/'),
  read: (_value, text, fileName) => {
    try {
      return { run: parseJsonReport(text, fileName) };
    } catch (error) {
      throw new UnreadableReportError((error as Error).message);
    }
  },
  page: async (fileName, { run }) => (await import('./pages/test-run-page.js')).testRunPage(fileName, run),
  runTitle: ({ run }) => run.title,
  verdict: ({ run }) => passedOr(tallyRun(run).failed === 0, 'failed'),
  figures: ({ run }) => {
    const tally = tallyRun(run);
    return `${plural(tally.cases, 'case')}: ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
  },
  startedAt: ({ run }) => run.startedAt,
});

export const faces = defineFaces({
  tools: [
    { place: 'core', tool: ingestSpecTool },
    { place: 'core', tool: runSmokeTool },
    { place: 'tests from the spec', tool: generateFunctionalTestsTool },
    { place: 'tests from the spec', tool: runTestsTool },
    { place: 'tests from the spec', tool: testSuiteTool },
    { place: 'tests from the spec', tool: runDataDrivenTool },
    { place: 'tests from the spec', tool: verifyIdempotencyTool },
    { place: 'tests from the spec', tool: checkRegressionTool },
    { place: 'tests from the spec', tool: specDiffTool },
  ],
  servedTools: () => [runSpecTestsTool],
  reports: [testReports],
});
