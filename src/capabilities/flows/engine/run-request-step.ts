import { registerHeaderSecrets } from '../../../safety/header-secrets.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import { type ResponseExpectations, assertResponse } from '../../../engines/assertions/assert-response.js';
import type { CookieJar } from '../../../engines/http/cookie-jar.js';
import { type RequestParts, prepareRequest } from '../../../engines/http/prepare-request.js';
import { resolveRequest } from '../../../engines/http/resolve-request.js';
import { describeServerWords } from '../../../engines/api-server/describe-server-log.js';
import { HttpRequestError, type HttpResponse, sendRequest } from '../../../engines/http/send-request.js';
import { toStoredResponse } from '../../../engines/http/stored-response.js';
import { toResponseExpectations } from '../../../engines/requests/saved-assertions.js';
import { retryUntilSuccess } from '../../../engines/retry/retry-until-success.js';
import { recordRequest } from '../../../engines/testing/run/record-exchange.js';
import type { RecordedRequest } from '../../../engines/testing/test-run.js';
import { extractVariables } from './extract-variables.js';
import type { BeforeSend } from './flow-context.js';
import type { FlowAssertions, RequestStep } from '../../../engines/flow-files/flow-format.js';
import { durationMs } from './flow-duration.js';
import type { StepFailure, StepResult } from './flow-run.js';
import { recordStepResponse } from './record-step-response.js';
import type { StepTarget } from './step-target.js';

export const DEFAULT_UNTIL_TIMES = 10;
export const DEFAULT_UNTIL_EVERY_MS = 1_000;

export interface RequestStepContext {
  /** The step's index in the flow (from 0). */
  index: number;
  /** The row's scope (or the flow's): `{{VAR}}` is resolved from it. */
  variables: VariableScope;
  /** Where extracted values go besides `variables`: the flow's scope, for the steps after. */
  flowVariables: VariableScope;
  cookies: CookieJar;
  signal: AbortSignal;
  beforeSend?: BeforeSend;
}

type StepOutcome = Pick<StepResult, 'outcome' | 'reason' | 'status' | 'attempts' | 'request' | 'response' | 'failures' | 'extracted' | 'serverLog'>;

/**
 * Sends a step's request, checks it — the saved request's assertions and the step's, `{{VAR}}`
 * resolved; a status outside 2xx fails unless one of them says which status is expected — and
 * extracts its variables. With `until` it is sent again until those assertions hold; with `retry`
 * alone, until the whole check passes. A request with no answer fails the step at once (no retry),
 * with the reason; only a cancellation is thrown. The result is not masked yet.
 */
export async function runRequestStep(step: RequestStep, target: StepTarget, context: RequestStepContext): Promise<StepOutcome> {
  const parts = await resolveRequest(target.parts, context.variables);
  const refusal = await context.beforeSend?.({ index: context.index, parts, variables: context.variables });
  if (refusal !== undefined)
    return { outcome: 'failed', reason: `not sent: ${refusal}`, request: unsentRequest(parts, context.variables.secrets), failures: [], extracted: [] };
  // A flow's headers are credentials whatever their name, as `falcon test -H` ones are.
  registerHeaderSecrets(parts.headers ?? {}, context.variables.secrets);
  const timeoutMs = step.timeout === undefined ? undefined : durationMs(step.timeout, 'timeout');
  const send = () => sendRequest({ ...parts, cookies: context.cookies, signal: context.signal, ...(timeoutMs !== undefined && { timeoutMs }) });
  const checks = await expectationsOf(target.assertions, context.variables);
  const [until] = target.until ? await expectationsOf([target.until], context.variables) : [];
  const judge = (response: HttpResponse) => stepFailures(response, checks, until);
  let attempts = 0;
  let response: HttpResponse;
  let untilFailures: StepFailure[] = [];
  try {
    if (step.until === undefined && step.retry === undefined) {
      response = await send();
    } else {
      const report = await retryUntilSuccess(
        async () => {
          attempts += 1;
          const answer = await send();
          const failures = until ? failuresOf(answer, [until], 'until ') : judge(answer);
          return { succeeded: failures.length === 0, answer, failures };
        },
        {
          maxAttempts: step.retry?.times ?? DEFAULT_UNTIL_TIMES,
          delayMs: step.retry?.every === undefined ? DEFAULT_UNTIL_EVERY_MS : durationMs(step.retry.every, 'retry.every'),
          backoff: 'fixed',
          signal: context.signal,
        },
      );
      const last = report.attempts.at(-1)!.result;
      response = last.answer;
      if (until) untilFailures = last.failures;
    }
  } catch (error) {
    if (!(error instanceof HttpRequestError)) throw error;
    const serverLog = describeServerWords(error.serverLog, error.serverNotes);
    return {
      outcome: 'failed',
      reason: `no answer: ${error.message}`,
      request: unsentRequest(parts, context.variables.secrets),
      failures: [],
      extracted: [],
      ...(attempts > 0 && { attempts }),
      ...(serverLog.length > 0 && { serverLog }),
    };
  }
  const failures = [...untilFailures, ...judge(response)];
  const { extracted, failures: extractionFailures } = step.extract
    ? extractVariables(toStoredResponse(response), step.extract, [context.variables, context.flowVariables])
    : { extracted: [], failures: [] };
  failures.push(...extractionFailures);
  const serverLog = describeServerWords(response.serverLog, response.serverNotes);
  return {
    outcome: failures.length === 0 ? 'passed' : 'failed',
    status: response.status,
    request: recordRequest(response.request, context.variables.secrets),
    response: recordStepResponse(response, context.variables.secrets),
    failures,
    extracted,
    ...(attempts > 0 && { attempts }),
    ...(serverLog.length > 0 && { serverLog }),
  };
}

/** Assertions as the assertions engine takes them, `{{VAR}}` resolved (a row's expected values); SavedAssertionsError when malformed. */
async function expectationsOf(assertions: FlowAssertions[], variables: VariableScope): Promise<ResponseExpectations[]> {
  return Promise.all(assertions.map(async (checks) => toResponseExpectations(await variables.resolveDeep(checks))));
}

function stepFailures(response: HttpResponse, checks: ResponseExpectations[], until: ResponseExpectations | undefined): StepFailure[] {
  const failures = failuresOf(response, checks);
  const statusExpected = [...checks, until].some((checks) => checks?.statusCode !== undefined || checks?.statusIn !== undefined);
  if (!statusExpected && (response.status < 200 || response.status > 299)) {
    failures.unshift({ check: 'status', expected: '2xx', actual: `${response.status}${response.statusText ? ` ${response.statusText}` : ''}` });
  }
  return failures;
}

function failuresOf(response: HttpResponse, checks: ResponseExpectations[], prefix = ''): StepFailure[] {
  const stored = toStoredResponse(response);
  return checks
    .flatMap((expectations) => assertResponse(stored, expectations))
    .filter((result) => !result.passed)
    .map((result) => ({ check: `${prefix}${result.subject}`, expected: result.expected, actual: result.actual }));
}

/** The request as it would have gone, for a step whose request got no answer (or could not be made). */
function unsentRequest(parts: RequestParts, secrets: SecretRegistry): RecordedRequest {
  try {
    return recordRequest(prepareRequest(parts), secrets);
  } catch {
    const body = parts.body === undefined ? undefined : typeof parts.body === 'string' ? parts.body : JSON.stringify(parts.body);
    return recordRequest({ method: parts.method.toUpperCase(), url: parts.url, headers: parts.headers ?? {}, body }, secrets);
  }
}
