import type { FindingDraft, ScanContext } from '../scan-context.js';
import type { ScanExchange, ScanRequest } from '../scan-exchange.js';
import { type SeenExchange, seenOperation } from '../seen-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { reportApiWide } from './support/api-wide-findings.js';
import { type ErrorLeak, errorLeakIn } from './verbose-errors/error-leaks.js';
import { errorProbes } from './verbose-errors/error-probes.js';
import { type ProbedOperation, probedOperations } from './support/operations.js';
import { sendProbe } from './support/probes.js';
import { mapAtOnce } from './support/each-at-once.js';

/** Operations probed at most, in spec order. */
const MAX_OPERATIONS = 30;

/**
 * API8: each operation a probe may be sent to gets requests that make it fail (a malformed JSON
 * body, an unknown media type, text for a number or uuid parameter). An error answer (4xx or 5xx)
 * carrying a stack trace, a framework's debug page, a database error or a file on the server's
 * disk is the proof: medium for a trace or debug page that shows the server's files, else low.
 * Its own probes are reported once for the API when every operation leaks alike; passive, it also
 * reads every error answer the other checks and the logins receive, one finding per operation and
 * kind of leak.
 */
export const verboseErrorsCheck: SecurityCheck = {
  title: 'Verbose error messages',
  owasp: 'API8:2023',
  cwe: 'CWE-209',
  proof: 'an error response carries a stack trace, a file path, a SQL error or framework internals',
  remediation: 'Answer errors with a generic message and an id; log the details on the server only.',
  runOrder: 40,
  async run(ctx) {
    const targets = probedOperations(ctx)
      .map((target) => ({ target, probes: errorProbes(target.operation, target.request) }))
      .filter(({ probes }) => probes.length > 0)
      .slice(0, MAX_OPERATIONS);
    if (targets.length === 0) {
      ctx.note('verbose_errors: no operation takes a body, a number or a uuid that a malformed value could be sent in');
      return;
    }
    const outcomes = await mapAtOnce(ctx, targets, ({ target, probes }, ctx) => firstLeak(ctx, target, probes));
    reportApiWide(ctx, outcomes);
  },
  passive: errorAnswerFindings,
};

async function firstLeak(ctx: ScanContext, target: ProbedOperation, probes: readonly ScanRequest[]): Promise<FindingDraft | undefined> {
  for (const probe of probes) {
    const exchange = await sendProbe(ctx, probe, target.identity);
    const leak = exchange && exchange.response.status >= 400 ? errorLeakIn(exchange.response.body) : undefined;
    if (!exchange || !leak) continue;
    return leakDraft(leak, { method: target.operation.method, path: target.operation.path }, exchange);
  }
  return undefined;
}

/** An error answer to a request another check sent (a login, an injection, a read one level down) that gives the server away. */
function errorAnswerFindings(seen: SeenExchange): FindingDraft[] {
  const { exchange, sentBy } = seen;
  if (sentBy === 'verbose_errors' || exchange.response.status < 400) return [];
  const leak = errorLeakIn(exchange.response.body);
  return leak ? [leakDraft(leak, seenOperation(seen), exchange)] : [];
}

function leakDraft(leak: ErrorLeak, operation: FindingDraft['operation'], exchange: ScanExchange): FindingDraft {
  return {
    severity: leak.trace && leak.internalPaths ? 'medium' : 'low',
    operation,
    title: `An error response gives away ${leak.what}${leak.trace && leak.internalPaths ? " with the server's file paths" : ''}`,
    exchange,
    exposed: leak.what,
  };
}
