import type { FalconSpec, SpecOperation } from '../../spec/spec-format.js';
import { generateCases } from '../generate/generate-cases.js';
import type { TestCase } from '../test-case.js';

/** Why an operation without a happy-path case is left out. */
export const NO_HAPPY_CASE = 'its required parameters cannot be filled: no value the spec allows could be made for a required parameter or the body';

/** The first happy-path case generated for each operation (those it could build), by operationId. */
export async function happyCaseByOperation(spec: FalconSpec, operations: SpecOperation[]): Promise<Map<string, TestCase>> {
  const cases = await generateCases(spec, operations, { strategies: ['happy'] });
  const byOperation = new Map<string, TestCase>();
  for (const testCase of cases) {
    if (testCase.kind === 'happy' && !testCase.chain && testCase.operationId && !byOperation.has(testCase.operationId)) {
      byOperation.set(testCase.operationId, testCase);
    }
  }
  return byOperation;
}
