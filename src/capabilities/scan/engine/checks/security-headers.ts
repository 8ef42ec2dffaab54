import type { ScanContext } from '../scan-context.js';
import { type ScanExchange, headerValue, type ScanResponse } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { severityRank, type Severity } from '../severity.js';
import { probedOperations, type ProbedOperation } from './support/operations.js';
import { requiresAuth, sendProbe } from './support/probes.js';
import { isSuccess } from './support/answers.js';

/** GET operations sampled at most, in spec order: enough to meet a route that sets headers of its own. */
const MAX_OPERATIONS = 10;

interface Answer {
  target: ProbedOperation;
  exchange: ScanExchange;
  problems: HeaderProblem[];
}

/**
 * API8: the valid requests of the GET operations, as the first identity. Each 2xx answer is read
 * for missing X-Content-Type-Options: nosniff (low), Strict-Transport-Security over HTTPS (low),
 * X-Powered-By or a versioned Server banner (info) and, on authenticated JSON, no Cache-Control
 * (info). Each problem is reported once for the API, at the first operation whose answer shows it;
 * problems first seen on the same answer make one finding, at the most severe of them.
 */
export const securityHeadersCheck: SecurityCheck = {
  title: 'Missing security headers',
  owasp: 'API8:2023',
  cwe: 'CWE-693',
  proof:
    'responses lack headers every API should send (X-Content-Type-Options: nosniff, and Strict-Transport-Security over HTTPS), or carry an X-Powered-By banner',
  remediation: 'Send X-Content-Type-Options: nosniff, Strict-Transport-Security over HTTPS and Cache-Control on private data; drop X-Powered-By.',
  runOrder: 10,
  async run(ctx) {
    const answers = await normalAnswers(ctx);
    if (answers.length === 0) {
      ctx.note('security_headers: no GET operation answered its valid request with a 2xx');
      return;
    }
    const seen = new Set<string>();
    for (const { target, exchange, problems } of answers) {
      const first = problems.filter((problem) => !seen.has(problem.header));
      if (first.length === 0) continue;
      for (const problem of first) seen.add(problem.header);
      ctx.report({
        severity: first.map((problem) => problem.severity).sort((a, b) => severityRank(b) - severityRank(a))[0]!,
        operation: { method: target.operation.method, path: target.operation.path },
        title: first.map((problem) => problem.text).join('; '),
        exchange,
      });
    }
  },
};

async function normalAnswers(ctx: ScanContext): Promise<Answer[]> {
  const https = new URL(ctx.baseUrl).protocol === 'https:';
  const answers: Answer[] = [];
  for (const target of probedOperations(ctx)
    .filter(({ operation }) => operation.method === 'GET')
    .slice(0, MAX_OPERATIONS)) {
    const exchange = await sendProbe(ctx, target.request, target.identity);
    if (!exchange || !isSuccess(exchange.response.status)) continue;
    const authenticated = target.identity !== undefined && requiresAuth(target.operation);
    answers.push({ target, exchange, problems: headerProblems(exchange.response, { https, authenticated }) });
  }
  return answers;
}

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
