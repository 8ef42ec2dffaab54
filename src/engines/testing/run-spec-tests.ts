import type { FalconSpec, SpecOperation } from '../spec/spec-format.js';
import type { VariableScope } from '../../workspace/variable-scope.js';
import { type BaseUrlOrigin, chooseBaseUrl } from './choose-base-url.js';
import { generateCases } from './generate/generate-cases.js';
import type { Strategy } from './generate/strategies.js';
import { loadSpecUnderTest } from './load-test-spec.js';
import { runCases, type RunCasesOptions } from './run/run-cases.js';
import { type OperationFilter, selectOperations } from './select-operations.js';
import type { TestCase } from './test-case.js';
import type { CheckName, TestRun } from './test-run.js';

export interface SpecTestOptions {
  projectRoot: string;
  /** An OpenAPI/Swagger/Postman file or URL, or a falcon-spec file; default `.falcon/spec.yaml`. */
  spec?: string;
  /** `{{VAR}}` in the base URL and headers, and `BASE_URL` when no base URL is given. */
  variables: VariableScope;
  /** Default: the environment's `BASE_URL`, else the spec's first absolute server URL. */
  baseUrl?: string;
  filter?: OperationFilter;
  /** Default: every check. */
  checks?: readonly CheckName[];
  /** Default: every strategy. */
  strategies?: readonly Strategy[];
  seed?: number;
  /** Requests in flight at once; default 4. */
  concurrency?: number;
  maxResponseTimeMs?: number;
  /** Added to every request; values may hold `{{VAR}}`. */
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called once the cases are generated, before the first is sent. */
  onPlan?(plan: SpecTestPlan): void;
  onResult?: RunCasesOptions['onResult'];
}

export interface SpecTestPlan {
  spec: FalconSpec;
  /** `.falcon/spec.yaml`, the file or the URL the spec was read from. */
  specSource: string;
  baseUrl: string;
  baseUrlFrom: BaseUrlOrigin;
  /** The operations in scope after include/exclude. */
  operations: SpecOperation[];
  cases: TestCase[];
}

export interface SpecTestResult extends SpecTestPlan {
  run: TestRun;
}

/** Why a spec run cannot start; `reason` lets each front end phrase its own advice. */
export class SpecTestSetupError extends Error {
  override name = 'SpecTestSetupError';
  constructor(
    message: string,
    readonly reason: 'no-spec' | 'no-operations',
  ) {
    super(message);
  }
}

/**
 * The whole spec-driven test, no model needed: load the spec, choose the operations, generate the
 * cases, send them with every check on, and return the run. Bad input (no spec, a filter matching
 * nothing, no base URL, an unknown `{{VAR}}` in a header) fails before anything is sent.
 */
export async function runSpecTests(options: SpecTestOptions): Promise<SpecTestResult> {
  const signal = options.signal ?? new AbortController().signal;
  const loaded = await loadSpecUnderTest(options.spec, options.projectRoot, signal);
  if (!loaded) throw new SpecTestSetupError('no spec to test: .falcon/spec.yaml is missing', 'no-spec');
  const { spec, shown } = loaded;
  if (spec.operations.length === 0) throw new SpecTestSetupError(`${shown} describes no operations: nothing to test`, 'no-operations');
  const operations = selectOperations(spec.operations, options.filter);
  if (operations.length === 0) throw new SpecTestSetupError('the include and exclude filters leave no operation to test', 'no-operations');
  const baseUrl = await chooseBaseUrl(options.baseUrl, options.variables, spec);
  // Fails now, naming every unknown variable, rather than once per case.
  if (options.headers) await options.variables.resolveDeep(options.headers);

  const cases = await generateCases(spec, operations, {
    ...(options.strategies && { strategies: options.strategies }),
    ...(options.seed !== undefined && { seed: options.seed }),
  });
  const plan: SpecTestPlan = { spec, specSource: shown, baseUrl: baseUrl.url, baseUrlFrom: baseUrl.from, operations, cases };
  options.onPlan?.(plan);
  const run = await runCases(cases, {
    baseUrl: baseUrl.url,
    spec,
    variables: options.variables,
    operationsInScope: operations.length,
    signal,
    ...(options.checks && { checks: options.checks }),
    ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
    ...(options.maxResponseTimeMs !== undefined && { maxResponseTimeMs: options.maxResponseTimeMs }),
    ...(options.headers && { headers: options.headers }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.onResult && { onResult: options.onResult }),
  });
  return { ...plan, run };
}
