import { type CheckContext, defineSpecCheck } from './check-context.js';

/**
 * Refusals of an undocumented method: 405 Method Not Allowed; 404, which many routers (Express,
 * json-server) answer for a method they have no route for, and any router for a path parameter
 * naming nothing; 501 Not Implemented, for a method the server supports on no resource. Schemathesis
 * wants 405 with an `Allow` header and takes 404 only on paths with parameters; Falcon takes all
 * three, and no `Allow` (Prism's mock leaves it out): what it looks for is a method the API acts on.
 */
export const METHOD_REFUSALS: readonly number[] = [405, 404, 501];

/**
 * Answers that say nothing of the method: auth that runs before routing refuses any request without
 * valid credentials (the run's missing_auth warning says so), and a rate limit any request at all.
 */
const NOT_ROUTED_YET: readonly number[] = [401, 403, 429];

/** A method the spec does not document on a path it documents must be refused (see METHOD_REFUSALS). */
export const unsupportedMethod = defineSpecCheck({ name: 'unsupported_method', judge });

function judge({ testCase, response }: CheckContext): string[] {
  if (testCase.probe !== 'unsupported_method' || METHOD_REFUSALS.includes(response.status) || NOT_ROUTED_YET.includes(response.status)) return [];
  const { method, path } = testCase.request;
  return [`${method} is not documented for ${path}, but it answered ${response.status} (expected 405 Method Not Allowed)`];
}
