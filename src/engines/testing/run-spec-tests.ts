import type { FalconSpec, SpecOperation } from '../spec/spec-format.js';
import type { VariableScope } from '../../workspace/variable-scope.js';
import { type BaseUrlOrigin, chooseBaseUrl } from './choose-base-url.js';
import { CoverageRecorder } from './coverage/coverage-recorder.js';
import { generateCases } from './generate/generate-cases.js';
import { generateGraphQLCases } from './graphql/graphql-cases.js';
import { credentialHeaderNames, type GraphQLTarget, loadGraphQLUnderTest } from './graphql/load-graphql-under-test.js';
import type { Strategy } from './generate/strategies.js';
import { loadSpecUnderTest } from './load-test-spec.js';
import { checkSeedData } from './references/check-seed-data.js';
import type { SeedData } from './references/seed-data.js';
import { SpecSchemaValidator } from './spec-schema/spec-schema-validator.js';
import { runCases, type RunCasesOptions } from './run/run-cases.js';
import { type OperationFilter, selectOperations } from './select-operations.js';
import { casesOfShard, operationShards, type Shard } from './shard-operations.js';
import { specDigest } from './spec-digest.js';
import type { TestCase } from './test-case.js';
import { CHECK_NAMES, type CheckName, type TestRun } from './test-run.js';

export interface SpecTestOptions {
  projectRoot: string;
  /** An OpenAPI/Swagger/Postman file or URL, or a falcon-spec file; default `.falcon/spec.yaml`. */
  spec?: string;
  /** A GraphQL endpoint to test instead of a spec (`--graphql`, `--graphql-schema`). */
  graphql?: GraphQLTarget;
  /** `{{VAR}}` in the base URL and headers, and `BASE_URL` when no base URL is given. */
  variables: VariableScope;
  /** Default: the environment's `BASE_URL`, else the spec's first absolute server URL. */
  baseUrl?: string;
  filter?: OperationFilter;
  /** Default: every check. */
  checks?: readonly CheckName[];
  /** Default: every strategy. */
  strategies?: readonly Strategy[];
  /** Run only this part of the operations (`--shard 2/4`); chains go with their first step's operation. */
  shard?: Shard;
  /** Generated values and fuzz inputs: the same seed gives the same ones. */
  seed?: number;
  /** Fuzz inputs per operation (`--max-cases`); default DEFAULT_FUZZ_BUDGET (20). */
  fuzzBudget?: number;
  /** Ids and keys the user knows the API has (`--seed-data`), checked against the spec before anything is sent. */
  seedData?: SeedData;
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
  /** The operations in scope after include/exclude (and in the shard, with one). */
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
 * nothing, no base URL, an unknown `{{VAR}}` in a header, seed data the spec has no place for)
 * fails before anything is sent.
 */
export async function runSpecTests(options: SpecTestOptions): Promise<SpecTestResult> {
  const signal = options.signal ?? new AbortController().signal;
  const loaded = options.graphql
    ? await loadGraphQLUnderTest(options.graphql, options.projectRoot, options.headers ? await options.variables.resolveDeep(options.headers) : {}, signal)
    : await loadSpecUnderTest(options.spec, options.projectRoot, signal);
  if (!loaded) throw new SpecTestSetupError('no spec to test: .falcon/spec.yaml is missing', 'no-spec');
  const { spec, shown } = loaded;
  if (spec.operations.length === 0) throw new SpecTestSetupError(`${shown} describes no operations: nothing to test`, 'no-operations');
  const operations = selectOperations(spec.operations, options.filter);
  if (operations.length === 0) throw new SpecTestSetupError('the include and exclude filters leave no operation to test', 'no-operations');
  const baseUrl = options.graphql
    ? { url: new URL(options.graphql.endpoint).origin, from: 'given' as const }
    : await chooseBaseUrl(options.baseUrl, options.variables, spec);
  // Fails now, naming every unknown variable, rather than once per case.
  if (options.headers) await options.variables.resolveDeep(options.headers);
  if (options.seedData) checkSeedData(options.seedData, spec, await SpecSchemaValidator.load(spec.schemas));

  const generation = {
    ...(options.strategies && { strategies: options.strategies }),
    ...(options.seed !== undefined && { seed: options.seed }),
    ...(options.fuzzBudget !== undefined && { fuzzBudget: options.fuzzBudget }),
  };
  const generated =
    spec.kind === 'graphql'
      ? generateGraphQLCases(spec, operations, { ...generation, credentialHeaders: credentialHeaderNames(options.headers) })
      : await generateCases(spec, operations, { checks: options.checks ?? CHECK_NAMES, ...generation });
  // A shard generates the cases of every operation, as an unsplit run would, then keeps its own.
  const parts = options.shard && operationShards(operations, options.shard.count);
  const inShard = parts ? operations.filter((operation) => parts.get(operation.id) === options.shard!.index) : operations;
  const cases = parts ? casesOfShard(generated, parts, options.shard!) : generated;
  const plan: SpecTestPlan = { spec, specSource: shown, baseUrl: baseUrl.url, baseUrlFrom: baseUrl.from, operations: inShard, cases };
  options.onPlan?.(plan);
  const coverage = new CoverageRecorder(spec, inShard);
  const run = await runCases(cases, {
    baseUrl: baseUrl.url,
    spec,
    variables: options.variables,
    operationsInScope: inShard.length,
    signal,
    ...(options.checks && { checks: options.checks }),
    ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
    ...(options.maxResponseTimeMs !== undefined && { maxResponseTimeMs: options.maxResponseTimeMs }),
    ...(options.headers && { headers: options.headers }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.onResult && { onResult: options.onResult }),
    onExchange: coverage.record,
    ...(options.seedData && { seedData: options.seedData }),
  });
  run.specDigest = specDigest(spec);
  run.coverage = coverage.coverage();
  if (options.shard) {
    // A chain may reach operations of other shards: this shard counts only its own as covered.
    const sent = new Set(run.results.flatMap((result) => (result.response ? (result.case.operationId ?? []) : [])));
    run.operations.covered = inShard.filter((operation) => sent.has(operation.id)).length;
    run.shard = { index: options.shard.index, count: options.shard.count, operationsInAllShards: operations.length };
  }
  return { ...plan, run };
}
