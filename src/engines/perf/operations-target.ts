import type { VariableScope } from '../../workspace/variable-scope.js';
import { chooseBaseUrl } from '../testing/choose-base-url.js';
import { happyValues, type GenerationContext } from '../testing/generate/happy-values.js';
import { operationLabel } from '../testing/generate/operation-case.js';
import { caseRequest } from '../testing/generate/request-values.js';
import { SeededRandom } from '../testing/generate/seeded-random.js';
import { loadSpecUnderTest } from '../testing/load-test-spec.js';
import { caseRequestParts, withEncodedMultipart } from '../testing/run/case-http-request.js';
import { fillPlaceholders } from '../testing/run/fill-placeholders.js';
import { SpecSchemaValidator } from '../testing/spec-schema/spec-schema-validator.js';
import type { PerfRequest, PerfTarget } from './perf-scenario.js';
import { PerfUsageError } from './perf-usage-error.js';
import { toPerfRequest } from './to-perf-request.js';
import { weightedOperations } from './weighted-operations.js';

/** `falcon test`'s default seed: the load sends the values its happy cases send. */
const DEFAULT_SEED = 1;

export interface OperationsTargetInput {
  projectRoot: string;
  variables: VariableScope;
  /** Patterns with optional weights (see weightedOperations). */
  patterns: readonly string[];
  /** Added to every request; `{{VAR}}` allowed. */
  headers?: Record<string, string>;
  /** Default: the environment's BASE_URL, else the spec's first absolute server URL. */
  baseUrl?: string;
  /** A spec file or URL; default `.falcon/spec.yaml`. */
  spec?: string;
  seed?: number;
  signal?: AbortSignal;
}

/**
 * Spec operations, each as the valid request `falcon test` makes for it (the same generator and
 * seed): path and query parameters and bodies from the examples, else generated from the schemas.
 */
export async function operationsTarget(input: OperationsTargetInput): Promise<PerfTarget> {
  const loaded = await loadSpecUnderTest(input.spec, input.projectRoot, input.signal ?? new AbortController().signal);
  if (!loaded) throw new PerfUsageError('no spec: .falcon/spec.yaml is missing — ingest one (falcon spec ingest FILE) or name a spec file');
  const { spec } = loaded;
  const operations = weightedOperations(spec.operations, input.patterns);
  const baseUrl = (await chooseBaseUrl(input.baseUrl, input.variables, spec)).url;
  const validator = await SpecSchemaValidator.load(spec.schemas);
  const random = new SeededRandom(input.seed ?? DEFAULT_SEED);
  const requests: PerfRequest[] = [];
  for (const { operation, weight } of operations) {
    const context: GenerationContext = { spec, validator, random: random.fork(operation.id) };
    const values = happyValues(operation, context, true) ?? happyValues(operation, context, false);
    const label = operationLabel(operation);
    if (!values)
      throw new PerfUsageError(`${label}: no valid request can be made from the spec (no example, and no generated value fits its schemas) — leave it out`);
    const filled = await fillPlaceholders({ baseUrl, request: caseRequest(operation, values, spec), headers: input.headers ?? {} }, new Map(), input.variables);
    requests.push(toPerfRequest(await withEncodedMultipart(caseRequestParts(filled.request, filled.baseUrl, filled.headers)), label, weight));
  }
  const count = `${requests.length} operation${requests.length === 1 ? '' : 's'}`;
  return { requests, target: `${count} of ${spec.title} at ${baseUrl}`, baseUrl };
}
