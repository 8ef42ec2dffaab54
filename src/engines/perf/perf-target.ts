import { HttpRequestError } from '../http/http-request-error.js';
import { SpecError } from '../spec/spec-error.js';
import { BaseUrlError } from '../testing/choose-base-url.js';
import { CaseRequestError } from '../testing/run/case-http-request.js';
import { OperationFilterError } from '../testing/select-operations.js';
import { EnvironmentFileError } from '../../workspace/environments.js';
import { SavedRequestError } from '../../workspace/saved-requests.js';
import { UnknownVariableError, type VariableScope } from '../../workspace/variable-scope.js';
import { operationsTarget } from './operations-target.js';
import type { PerfTarget } from './perf-scenario.js';
import { PerfUsageError } from './perf-usage-error.js';
import { savedRequestTarget, urlTarget } from './request-target.js';

export interface PerfTargetInput {
  projectRoot: string;
  /** Fills `{{VAR}}`; the secrets it fills in are registered in its SecretRegistry, for the caller to mask outputs with. */
  variables: VariableScope;
  /** Exactly one of `url`, `request` and `operations`. */
  url?: string;
  /** With `url` only; default GET. */
  method?: string;
  /** Added to every request (over a saved request's own); `{{VAR}}` allowed. */
  headers?: Record<string, string>;
  /** With `url` only; a JSON object or array goes as application/json unless a content-type is given. */
  body?: string;
  /** A saved request's name (`.falcon/requests/NAME.yaml`). */
  request?: string;
  /** Spec operation patterns, each with an optional `=N` weight: `["listUsers=3", "GET /users/{id}"]` (see weightedOperations). */
  operations?: string[];
  /** With `operations`: where to send them (default the environment's BASE_URL, else the spec's server). */
  baseUrl?: string;
  /** With `operations`: a spec file or URL (default `.falcon/spec.yaml`). */
  spec?: string;
  /** With `operations`: the seed of generated values (default 1, as `falcon test`). */
  seed?: number;
  /** Stops fetching a spec given as a URL. */
  signal?: AbortSignal;
}

/** Failures the user fixes by changing the target or the project's files: each becomes a PerfUsageError with the same message. */
const USAGE_ERRORS = [
  UnknownVariableError,
  HttpRequestError,
  SavedRequestError,
  EnvironmentFileError,
  OperationFilterError,
  BaseUrlError,
  SpecError,
  CaseRequestError,
];

/** The requests a load run sends: one URL, one saved request, or weighted spec operations. */
export async function buildPerfTarget(input: PerfTargetInput): Promise<PerfTarget> {
  checkOneSource(input);
  try {
    if (input.operations !== undefined) {
      const { projectRoot, variables, operations, headers, baseUrl, spec, seed, signal } = input;
      return await operationsTarget({ projectRoot, variables, patterns: operations, headers, baseUrl, spec, seed, signal });
    }
    if (input.request !== undefined) return await savedRequestTarget(input.projectRoot, input.request, input.headers ?? {}, input.variables);
    return await urlTarget({ url: input.url!, method: input.method, headers: input.headers, body: input.body }, input.variables);
  } catch (error) {
    if (USAGE_ERRORS.some((kind) => error instanceof kind)) throw new PerfUsageError((error as Error).message, { cause: error });
    throw error;
  }
}

function checkOneSource(input: PerfTargetInput): void {
  const given = [
    input.url !== undefined && 'a URL',
    input.request !== undefined && 'a saved request',
    input.operations !== undefined && 'spec operations',
  ].filter(Boolean);
  if (given.length !== 1) {
    throw new PerfUsageError(
      given.length === 0
        ? 'nothing to send: give a URL, a saved request or spec operations'
        : `give one of a URL, a saved request or spec operations, not ${given.join(' and ')}`,
    );
  }
  if (input.url === undefined && (input.method !== undefined || input.body !== undefined)) {
    throw new PerfUsageError(
      `the method and body go with a URL: ${input.request !== undefined ? 'a saved request brings its own' : 'spec operations bring their own'}`,
    );
  }
  if (input.operations === undefined && (input.baseUrl !== undefined || input.spec !== undefined)) {
    throw new PerfUsageError('a base URL and a spec go with spec operations');
  }
}
