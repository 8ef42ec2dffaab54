import type { SavedRequest } from '../../workspace/saved-requests.js';
import type { VariableScope } from '../../workspace/variable-scope.js';
import { type AssertionResult, assertResponse } from '../assertions/assert-response.js';
import type { CookieJar } from '../http/cookie-jar.js';
import type { StoredResponse } from '../http/response-store.js';
import { resolveRequest } from '../http/resolve-request.js';
import { type HttpResponse, sendRequest } from '../http/send-request.js';
import { toStoredResponse } from '../http/stored-response.js';
import { savedRequestParts } from './saved-request-parts.js';
import { toResponseExpectations } from './saved-assertions.js';

export { SAVED_ASSERTION_FIELDS } from './saved-assertions.js';

export interface SavedRequestRun {
  response: HttpResponse;
  /** The exchange as assert_response and extract_value keep it. */
  stored: StoredResponse;
  /** One result per saved check; empty when the request has none. */
  assertions: AssertionResult[];
  /** A 2xx status and every assertion holding. */
  passed: boolean;
}

export interface RunSavedRequestOptions {
  signal?: AbortSignal;
  /** Cookies to send and keep (the agent's session jar); none by default. */
  cookies?: CookieJar;
}

/**
 * Resolves a saved request's `{{VAR}}` placeholders, sends it, and checks its saved assertions.
 * Malformed assertions are reported before anything is sent (SavedAssertionsError); unknown
 * variables (UnknownVariableError) and failed connections (HttpRequestError) are thrown as they are.
 */
export async function runSavedRequest(saved: SavedRequest, variables: VariableScope, options: RunSavedRequestOptions = {}): Promise<SavedRequestRun> {
  const expectations = saved.assertions ? toResponseExpectations(saved.assertions) : undefined;
  const parts = await resolveRequest(savedRequestParts(saved), variables);
  const response = await sendRequest({ ...parts, cookies: options.cookies, signal: options.signal });
  const stored = toStoredResponse(response);
  const assertions = expectations ? assertResponse(stored, expectations) : [];
  const passed = response.status >= 200 && response.status < 300 && assertions.every((result) => result.passed);
  return { response, stored, assertions, passed };
}
