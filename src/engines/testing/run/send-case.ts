import { describeServerWords } from '../../api-server/describe-server-log.js';
import { type PreparedRequest, type RequestParts, prepareRequest } from '../../http/prepare-request.js';
import { maskText } from '../../../safety/mask-text.js';
import { HttpRequestError, type HttpResponse, sendRequest } from '../../http/send-request.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import type { TestCase } from '../test-case.js';
import type { RecordedRequest, RecordedResponse } from '../test-run.js';
import { CaseRequestError, caseRequestParts, joinUrl, mergeHeaders, withEncodedMultipart } from './case-http-request.js';
import { fillPlaceholders } from './fill-placeholders.js';
import { recordRequest, recordResponse } from './record-exchange.js';

export interface SendCaseOptions {
  baseUrl: string;
  /** Values extracted by earlier steps of the case's chain: they fill `{{name}}` before the variables. */
  values?: ReadonlyMap<string, string>;
  /** References filled from the API's own data (references/fill-references.ts), by placeholder. */
  references?: ReadonlyMap<string, string | number | boolean>;
  /** Added to the request before the case's own headers; may hold `{{VAR}}`. */
  headers?: Record<string, string>;
  /** Fills `{{VAR}}`; what it fills in from secrets is masked in the recorded exchange (its `secrets`). */
  variables?: VariableScope;
  /** Default 30 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Told of every request that got an answer, a fuzz case's inputs included: what the run's coverage is counted from. */
  onExchange?(exchange: SentExchange): void;
}

/** A request as it went on the wire (secrets unmasked: not for keeping), the case it was sent for, and the status it got. */
export interface SentExchange {
  case: TestCase;
  request: PreparedRequest;
  status: number;
}

/** One case's exchange: the request (masked), and the response or why there is none. */
export interface CaseExchange {
  request: RecordedRequest;
  /** Masked, body cut for keeping. */
  response?: RecordedResponse;
  /** The whole response, for checks and extraction. */
  http?: HttpResponse;
  /** Why nothing came back: the case could not be made into a request, or the network failed. */
  error?: string;
}

/** A case ready to go, or why it cannot go (then `request` is the case as written, placeholders unfilled). */
export type PreparedCase = { ok: true; case: TestCase; parts: RequestParts; request: RecordedRequest } | { ok: false; request: RecordedRequest; error: string };

/** Sends one case (redirects are not followed: a 3xx is the answer). Throws only when `signal` cancels it. */
export async function sendCase(testCase: TestCase, options: SendCaseOptions): Promise<CaseExchange> {
  const prepared = await prepareCase(testCase, options);
  if (!prepared.ok) return { request: prepared.request, error: prepared.error };
  return sendPreparedCase(prepared, options);
}

/** Fills the case's placeholders and builds its request, without sending anything. */
export async function prepareCase(testCase: TestCase, options: SendCaseOptions): Promise<PreparedCase> {
  try {
    const filled = await fillPlaceholders(
      { baseUrl: options.baseUrl, request: testCase.request, headers: options.headers ?? {} },
      options.values ?? new Map<string, string>(),
      options.variables,
      options.references,
    );
    const parts = await withEncodedMultipart(caseRequestParts(filled.request, filled.baseUrl, filled.headers));
    return { ok: true, case: testCase, parts, request: recordRequest(prepareRequest(parts), options.variables?.secrets) };
  } catch (error) {
    if (!(error instanceof CaseRequestError || error instanceof HttpRequestError)) throw error;
    return { ok: false, request: unsentRequest(testCase, options), error: error.message };
  }
}

/** Sends a prepared request for `prepared.case` (a fuzz input's own case for its input). */
export async function sendPreparedCase(
  prepared: { case: TestCase; parts: RequestParts; request: RecordedRequest },
  options: Pick<SendCaseOptions, 'timeoutMs' | 'signal' | 'variables' | 'onExchange'>,
): Promise<CaseExchange> {
  try {
    const http = await sendRequest({
      ...prepared.parts,
      followRedirects: false,
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.signal && { signal: options.signal }),
    });
    options.onExchange?.({ case: prepared.case, request: prepareRequest(prepared.parts), status: http.status });
    return { request: prepared.request, response: recordResponse(http, options.variables?.secrets), http };
  } catch (error) {
    if (error instanceof HttpRequestError) {
      const server = describeServerWords(error.serverLog, error.serverNotes).map((line) => maskText(line, { secrets: options.variables?.secrets }));
      return { request: prepared.request, error: [error.message, ...server].join('\n') };
    }
    throw error;
  }
}

/** The case as written, for the record of a request that could not be made. */
function unsentRequest(testCase: TestCase, options: SendCaseOptions): RecordedRequest {
  const { request } = testCase;
  const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  return recordRequest(
    {
      method: request.method.toUpperCase(),
      url: joinUrl(options.baseUrl, request.path),
      headers: mergeHeaders(options.headers ?? {}, request.headers ?? {}),
      body,
    },
    options.variables?.secrets,
  );
}
