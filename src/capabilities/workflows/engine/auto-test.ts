import type { ChatModel } from '../../../llm/chat-model.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import { normalizeRequestPath } from '../../../engines/routes/path-pattern.js';
import type { FalconSpec, SpecOperation } from '../../../engines/spec/spec-format.js';
import { specLabel } from '../../../engines/spec/summarize-spec.js';
import { generateCases } from '../../../engines/testing/generate/generate-cases.js';
import type { Strategy } from '../../../engines/testing/generate/strategies.js';
import { joinUrl } from '../../../engines/testing/run/case-http-request.js';
import { runCases } from '../../../engines/testing/run/run-cases.js';
import { SUITE_FORMAT, type TestSuiteFile } from '../../../engines/testing/suite/test-suite-format.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import type { CaseResult, TestRun } from '../../../engines/testing/test-run.js';
import { type EndpointAnalysis, analyzeEndpoint } from './analyze-endpoint.js';
import { describeEndpoint } from './describe-endpoint.js';
import { concretePath } from './endpoint-path.js';
import { writeScenarios } from './model-scenarios.js';
import { specOperationFor } from './spec-operation.js';

/** What a suite for one endpoint holds from the spec: each valid request, and what must be refused. */
export const SPEC_STRATEGIES: readonly Strategy[] = ['happy', 'negative', 'boundary'];
/** A progress line per scenario would flood the front end on an operation with many boundaries. */
const PROGRESS_STEPS = 20;

export interface AutoTestInput {
  projectRoot: string;
  method: string;
  /** A concrete path, a template or a URL (its path is taken). */
  path: string;
  /** Where the API runs. */
  baseUrl: string;
  spec?: FalconSpec;
  framework?: string;
  configuredFramework?: string;
  /** Writes the scenarios when the spec has no operation for the endpoint. */
  model?: ChatModel;
  /** What the model may write as `{{NAME}}`. */
  variableNames: readonly string[];
  /** Masks the session's secrets in what the model reads. */
  mask(text: string): string;
  variables: VariableScope;
  signal: AbortSignal;
  progress(message: string): void;
}

export type ScenarioSource =
  { kind: 'spec'; operation: SpecOperation; spec: FalconSpec } | { kind: 'model'; model: string; analysis: EndpointAnalysis; dropped: string[] };

export interface AutoTestResult {
  method: string;
  /** The endpoint's path as the scenarios use it. */
  path: string;
  source: ScenarioSource;
  run: TestRun;
  /** Passing cases, a chain only when every step of it passed. */
  passing: TestCase[];
  failing: CaseResult[];
}

/** Neither a spec operation nor a model to write scenarios; or no scenario could be made. */
export class AutoTestError extends Error {
  override name = 'AutoTestError';
}

/** Writes scenarios for one endpoint (from its spec operation, else by the model from its code and a probe), then runs them. */
export async function autoTest(input: AutoTestInput): Promise<AutoTestResult> {
  const method = input.method.toUpperCase();
  const operation = input.spec && specOperationFor(input.spec, method, input.path);
  const written = operation && input.spec ? await specScenarios(input.spec, operation) : await modelScenarios(input, method);
  input.signal.throwIfAborted();
  input.progress(`running ${written.cases.length} scenario${written.cases.length === 1 ? '' : 's'}`);
  const every = Math.max(1, Math.ceil(written.cases.length / PROGRESS_STEPS));
  const run = await runCases(written.cases, {
    baseUrl: input.baseUrl,
    spec: written.source.kind === 'spec' ? written.source.spec : undefined,
    variables: input.variables,
    signal: input.signal,
    title: `auto_test ${method} ${written.path}`,
    onResult: (_result, done, total) => {
      if (done === total || done % every === 0) input.progress(`${done}/${total} scenarios`);
    },
  });
  input.signal.throwIfAborted();
  return {
    method,
    path: written.path,
    source: written.source,
    run,
    passing: passingCases(run),
    failing: run.results.filter((result) => result.outcome === 'failed'),
  };
}

interface Written {
  cases: TestCase[];
  path: string;
  source: ScenarioSource;
}

async function specScenarios(spec: FalconSpec, operation: SpecOperation): Promise<Written> {
  const cases = await generateCases(spec, [operation], { strategies: SPEC_STRATEGIES });
  if (cases.length === 0) {
    throw new AutoTestError(
      `no scenarios could be made for ${operation.id} (${operation.method} ${operation.path}) from ${specLabel(spec)}: the spec gives no valid request for it`,
    );
  }
  return { cases, path: operation.path, source: { kind: 'spec', operation, spec } };
}

async function modelScenarios(input: AutoTestInput, method: string): Promise<Written> {
  const asked = normalizeRequestPath(input.path);
  if (!input.model) {
    const why = input.spec ? `the spec has no operation for ${method} ${asked}` : 'no spec is ingested';
    throw new AutoTestError(
      `${why}, and no model is available to write scenarios from the code: ingest a spec with the endpoint, or write cases with run_tests`,
    );
  }
  input.progress(`reading the code of ${method} ${asked} and sending one probe`);
  // A DELETE probe would delete what the scenarios may need.
  const probe = method === 'DELETE' ? undefined : { url: joinUrl(input.baseUrl, concretePath(asked)), variables: input.variables };
  const { projectRoot, spec, framework, configuredFramework, signal } = input;
  const analysis = await analyzeEndpoint({ projectRoot, method, path: asked, spec, framework, configuredFramework, probe, signal });
  const routePath = analysis.handler?.route.path ?? asked;
  input.progress(`asking ${input.model.model} for scenarios`);
  const written = await writeScenarios({
    model: input.model,
    method,
    path: routePath,
    facts: input.mask(describeEndpoint(analysis)),
    variableNames: input.variableNames,
    signal: input.signal,
  });
  return { cases: written.cases, path: routePath, source: { kind: 'model', model: input.model.model, analysis, dropped: written.dropped } };
}

function passingCases(run: TestRun): TestCase[] {
  const failedChains = new Set(run.results.flatMap((result) => (result.outcome !== 'passed' && result.case.chain ? [result.case.chain.id] : [])));
  return run.results
    .filter((result) => result.outcome === 'passed' && !(result.case.chain && failedChains.has(result.case.chain.id)))
    .map((result) => result.case);
}

/** The passing cases as a suite file, for test_suite, run_tests and `falcon test` to run again. */
export function passingSuite(result: AutoTestResult, name: string, now = new Date()): TestSuiteFile {
  const { source } = result;
  const from =
    source.kind === 'spec'
      ? `generated from ${specLabel(source.spec)} (${source.operation.id}; strategies ${SPEC_STRATEGIES.join(', ')})`
      : `written by ${source.model}${source.analysis.handler?.code ? ` from ${source.analysis.handler.code.file}:${source.analysis.handler.code.line}` : ''}`;
  return {
    format: SUITE_FORMAT,
    name,
    description: `auto_test of ${result.method} ${result.path}: the ${result.passing.length} scenario${result.passing.length === 1 ? '' : 's'} that passed, ${from}`,
    createdAt: now.toISOString(),
    ...(source.kind === 'spec' && { spec: source.spec.source }),
    cases: result.passing,
  };
}
