import type { FalconSpec } from '../../../engines/spec/spec-format.js';
import { runCases } from '../../../engines/testing/run/run-cases.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import type { CaseUnderFix, CaseVerdict } from './case-under-fix.js';
import { concretePath } from './endpoint-path.js';

export interface SuiteCaseInput {
  /** The case to make pass. */
  testCase: TestCase;
  /** Every case of its suite: a chain step runs after the steps before it. */
  suiteCases: readonly TestCase[];
  baseUrl: string;
  /** For the conformance checks of a case generated from the spec. */
  spec?: FalconSpec;
  variables: VariableScope;
}

/** A case of a saved suite, judged as `falcon test` judges it, as a case to run until it passes. */
export function suiteCase(input: SuiteCaseInput): CaseUnderFix {
  const { testCase } = input;
  const chain = testCase.chain;
  const cases = chain
    ? input.suiteCases.filter((other) => other.chain?.id === chain.id && other.chain.step <= chain.step).sort((a, b) => a.chain!.step - b.chain!.step)
    : [testCase];
  return {
    label: `${testCase.name} [${testCase.id}]`,
    method: testCase.request.method.toUpperCase(),
    path: concretePath(testCase.request.path, testCase.request.pathParams),
    expected: testCase.expectStatus
      ? `status ${testCase.expectStatus.join(' or ')}`
      : testCase.expectRejection
        ? 'a rejection (4xx) of the invalid request'
        : `a response that passes every check${input.spec ? ' of the spec' : ''}`,
    async run(signal): Promise<CaseVerdict> {
      const run = await runCases(cases, { baseUrl: input.baseUrl, spec: input.spec, variables: input.variables, signal });
      signal.throwIfAborted();
      const result = run.results.find((candidate) => candidate.case.id === testCase.id)!;
      if (result.outcome === 'skipped') return { passed: false, failures: [`not sent: ${result.skipReason ?? 'an earlier step failed'}`], unreachable: false };
      const failures = result.findings.map((finding) => `${finding.kind}: ${finding.message}`);
      const unreachable = !result.response;
      const response = result.response && {
        status: result.response.status,
        statusText: result.response.statusText,
        body: result.response.body,
        durationMs: result.response.durationMs,
      };
      const serverLog = result.response?.serverLog;
      const server = serverLog && { lines: serverLog, raw: serverLog.join('\n') };
      return { passed: result.outcome === 'passed', ...(response && { response }), failures, unreachable, ...(server && { server }) };
    },
  };
}
