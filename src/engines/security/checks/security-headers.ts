import type { ScanContext } from '../scan-context.js';
import type { ScanExchange } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { severityRank } from '../severity.js';
import { type HeaderProblem, headerProblems } from './security-headers/header-problems.js';
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
  proof: 'responses lack headers every API should send (X-Content-Type-Options: nosniff, and Strict-Transport-Security over HTTPS), or carry an X-Powered-By banner',
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
  for (const target of probedOperations(ctx).filter(({ operation }) => operation.method === 'GET').slice(0, MAX_OPERATIONS)) {
    const exchange = await sendProbe(ctx, target.request, target.identity);
    if (!exchange || !isSuccess(exchange.response.status)) continue;
    const authenticated = target.identity !== undefined && requiresAuth(target.operation);
    answers.push({ target, exchange, problems: headerProblems(exchange.response, { https, authenticated }) });
  }
  return answers;
}
