import { defineFaces } from '../../kit/capability.js';
import { runSpecTestsTool } from '../../mcp/server/tools/run-spec-tests-tool.js';
import { checkRegressionTool } from '../../tools/check-regression.js';
import { generateFunctionalTestsTool } from '../../tools/generate-functional-tests.js';
import { ingestSpecTool } from '../../tools/ingest-spec.js';
import { runDataDrivenTool } from '../../tools/run-data-driven.js';
import { runSmokeTool } from '../../tools/run-smoke.js';
import { runTestsTool } from '../../tools/run-tests.js';
import { testSuiteTool } from '../../tools/test-suite.js';
import { verifyIdempotencyTool } from '../../tools/verify-idempotency.js';

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
  ],
  servedTools: () => [runSpecTestsTool],
});
