import { type ResponseExpectations, assertResponse } from '../../../engines/assertions/assert-response.js';
import type { CookieJar } from '../../../engines/http/cookie-jar.js';
import { serverWordsOf } from '../../../engines/api-server/describe-server-log.js';
import { HttpRequestError } from '../../../engines/http/http-request-error.js';
import type { RequestParts } from '../../../engines/http/prepare-request.js';
import { resolveRequest } from '../../../engines/http/resolve-request.js';
import { sendRequest } from '../../../engines/http/send-request.js';
import { toStoredResponse } from '../../../engines/http/stored-response.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import { normalizeRequestPath } from '../../../engines/routes/path-pattern.js';
import type { CaseUnderFix, CaseVerdict } from './case-under-fix.js';

const DEFAULT_EXPECTATIONS: ResponseExpectations = { statusCode: '2xx' };

export interface RequestCaseInput {
  /** As written: `{{VAR}}` placeholders are resolved on every run. */
  request: RequestParts;
  /** What the response must satisfy (the assertions engine's terms); default a 2xx status. */
  expectations?: ResponseExpectations;
  variables: VariableScope;
  cookies?: CookieJar;
}

/** A request and what its response must satisfy, as a case to run until it passes. */
export function requestCase(input: RequestCaseInput): CaseUnderFix {
  const expectations = input.expectations ?? DEFAULT_EXPECTATIONS;
  const method = input.request.method.toUpperCase();
  const path = normalizeRequestPath(input.request.url);
  return {
    label: `${method} ${path}`,
    method,
    path,
    expected: describeExpectations(expectations),
    async run(signal): Promise<CaseVerdict> {
      const parts = await resolveRequest(input.request, input.variables);
      let response;
      try {
        response = await sendRequest({ ...parts, cookies: input.cookies, signal });
      } catch (error) {
        signal.throwIfAborted();
        if (error instanceof HttpRequestError) {
          const server = serverWordsOf(error.serverLog, error.serverNotes);
          return { passed: false, failures: [error.message], unreachable: true, ...(server && { server }) };
        }
        throw error;
      }
      const results = assertResponse(toStoredResponse(response), expectations);
      const failures = results.filter((result) => !result.passed).map((result) => `${result.subject}: expected ${result.expected}, actual ${result.actual}`);
      const { status, statusText, body, durationMs } = response;
      const server = serverWordsOf(response.serverLog, response.serverNotes);
      return { passed: failures.length === 0, response: { status, statusText, body, durationMs }, failures, unreachable: false, ...(server && { server }) };
    },
  };
}

/** `status 200; body contains "Ada"; $.name equals "Ada"`. */
function describeExpectations(expected: ResponseExpectations): string {
  const parts: string[] = [];
  if (expected.statusCode !== undefined) parts.push(`status ${expected.statusCode}`);
  if (expected.statusIn !== undefined) parts.push(`status one of ${expected.statusIn.join(', ')}`);
  if (expected.contentType !== undefined) parts.push(`content type ${expected.contentType}`);
  for (const [name, value] of Object.entries(expected.headers ?? {})) parts.push(`header ${name} ${JSON.stringify(value)}`);
  for (const name of expected.headersNotPresent ?? []) parts.push(`no header ${name}`);
  for (const text of expected.bodyContains ?? []) parts.push(`body contains ${JSON.stringify(text)}`);
  for (const text of expected.bodyNotContains ?? []) parts.push(`body does not contain ${JSON.stringify(text)}`);
  if (expected.bodyEquals !== undefined) parts.push(`body equals ${JSON.stringify(expected.bodyEquals)}`);
  if (expected.bodyMatchesRegex !== undefined) parts.push(`body matches ${expected.bodyMatchesRegex}`);
  for (const [path, value] of Object.entries(expected.jsonPath ?? {})) parts.push(`${path} ${JSON.stringify(value)}`);
  if (expected.responseTimeMaxMs !== undefined) parts.push(`within ${expected.responseTimeMaxMs} ms`);
  return parts.length > 0 ? parts.join('; ') : 'a 2xx status';
}
