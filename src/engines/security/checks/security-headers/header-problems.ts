import { headerValue, type ScanResponse } from '../../scan-exchange.js';
import type { Severity } from '../../severity.js';

/** A header a normal answer should carry and does not, or one it should not carry. */
export interface HeaderProblem {
  /** The header concerned, lower case: one finding names each once. */
  header: string;
  severity: Severity;
  /** `X-Content-Type-Options: nosniff is missing`. */
  text: string;
}

export interface AnswerKind {
  /** The target is served over HTTPS. */
  https: boolean;
  /** The request carried an identity's credentials to an operation that needs them. */
  authenticated: boolean;
}

/** What is wrong with the security headers of a 2xx answer. */
export function headerProblems(response: ScanResponse, { https, authenticated }: AnswerKind): HeaderProblem[] {
  const problems: HeaderProblem[] = [];
  if (headerValue(response, 'x-content-type-options')?.trim().toLowerCase() !== 'nosniff') {
    problems.push({ header: 'x-content-type-options', severity: 'low', text: 'X-Content-Type-Options: nosniff is missing' });
  }
  if (https && headerValue(response, 'strict-transport-security') === undefined) {
    problems.push({ header: 'strict-transport-security', severity: 'low', text: 'Strict-Transport-Security is missing over HTTPS' });
  }
  const poweredBy = headerValue(response, 'x-powered-by');
  if (poweredBy !== undefined) problems.push({ header: 'x-powered-by', severity: 'info', text: `X-Powered-By: ${poweredBy} names the framework` });
  const server = headerValue(response, 'server');
  if (server !== undefined && /\d/.test(server)) problems.push({ header: 'server', severity: 'info', text: `Server: ${server} names its version` });
  if (authenticated && /json/i.test(headerValue(response, 'content-type') ?? '') && headerValue(response, 'cache-control') === undefined) {
    problems.push({ header: 'cache-control', severity: 'info', text: 'Cache-Control is missing on authenticated data' });
  }
  return problems;
}
