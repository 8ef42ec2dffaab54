import { randomBytes } from 'node:crypto';
import type { Identity } from '../identity.js';
import type { ScanContext } from '../scan-context.js';
import { type ScanExchange, type ScanRequest, headerValue } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { isSuccess } from './support/answers.js';
import { sendAttempt } from './support/probes.js';
import { sendStep } from '../replay/replay-step.js';

/** Failed logins sent, one after the other: enough for any sane limit, few enough not to lock a user out for long. */
const FAILED_LOGINS = 20;

/**
 * API2: FAILED_LOGINS logins with a wrong password for a --user's account; when none is refused as
 * too many (429, 423, Retry-After, a lockout message, a slowdown) and the right password still logs
 * in after them, nothing stops password guessing. A lockout passes; the user is told when the
 * account is locked afterwards.
 */
export const loginRateLimitCheck: SecurityCheck = {
  title: 'No rate limit on failed logins',
  owasp: 'API2:2023',
  cwe: 'CWE-307',
  proof: 'a burst of failed logins for one account is answered without a 429, a lockout or a slowdown, and the right password still works after it',
  remediation: 'Limit failed logins per account and per client (429 with Retry-After, growing delays or a temporary lockout).',
  runOrder: 190,
  async run(ctx) {
    const identity = ctx.identities.find((candidate) => candidate.login);
    if (!identity?.login) {
      ctx.note('login_rate_limit: needs --user NAME:PASSWORD, an account to try wrong passwords on');
      return;
    }
    const { login } = identity;
    const { username, password, operation } = login;
    const wrongPassword = `falcon-wrong-${randomBytes(6).toString('hex')}`;
    const failures: ScanExchange[] = [];
    for (let attempt = 0; attempt < FAILED_LOGINS; attempt++) {
      const exchange = await sendAttempt(ctx, loginRequest(login, wrongPassword), undefined);
      if (!exchange) {
        await noteIfLockedOut(ctx, login, `it stopped answering after ${failures.length} failed logins`);
        return;
      }
      if (isSuccess(exchange.response.status)) {
        ctx.note(
          `login_rate_limit: ${operation.operation.method} ${operation.operation.path} answered ${exchange.response.status} to a wrong password for ${username}; no failed logins to count`,
        );
        return;
      }
      const sign = loginLimitSign(exchange, failures[0]);
      failures.push(exchange);
      if (sign) {
        await noteIfLockedOut(ctx, login, `it ${sign} after ${failures.length} failed logins`);
        return;
      }
    }
    const last = failures.at(-1)!;
    const rightLogin = await sendAttempt(ctx, loginRequest(login, password), undefined);
    if (!rightLogin || !isSuccess(rightLogin.response.status)) {
      ctx.note(
        `login_rate_limit: after ${failures.length} failed logins ${username} could not log in (HTTP ${rightLogin?.response.status ?? 'no answer'}): a silent lockout, which passes — the account may stay locked for a while`,
      );
      return;
    }
    ctx.report({
      severity: 'medium',
      operation: operation.operation,
      title: `${failures.length} failed logins in a row for ${username} got no 429, lockout or slowdown (answered ${[...new Set(failures.map((failure) => failure.response.status))].join(', ')}), and the right password still logged in after them`,
      exchange: last,
      replay: [
        // Made afresh, as the check made its own: a password, even a wrong one, is never printed.
        { kind: 'shell', label: 'a password that is not theirs', lines: ['WRONG_PASSWORD="falcon-wrong-$RANDOM$RANDOM"'], needs: [] },
        {
          kind: 'repeat',
          label: `${failures.length} logins as ${username} with it, one after another: none answered 429`,
          exchange: last,
          count: failures.length,
          atOnce: false,
          values: [{ literal: wrongPassword, variable: 'WRONG_PASSWORD' }],
        },
        sendStep(`then ${username}'s own password still logs in`, rightLogin),
      ],
    });
  },
};

type Login = NonNullable<Identity['login']>;

function loginRequest({ username, operation }: Login, password: string): ScanRequest {
  return {
    method: operation.operation.method,
    path: operation.operation.path,
    body: { [operation.usernameField]: username, [operation.passwordField]: password },
  };
}

async function noteIfLockedOut(ctx: ScanContext, login: Login, limited: string): Promise<void> {
  const rightLogin = await sendAttempt(ctx, loginRequest(login, login.password), undefined);
  if (rightLogin && isSuccess(rightLogin.response.status)) return;
  ctx.note(
    `login_rate_limit: the login is limited (${limited}), and ${login.username} cannot log in now (HTTP ${rightLogin?.response.status ?? 'no answer'}): the account may stay locked for a while`,
  );
}

/** Words of a lockout or throttling message. */
const LIMIT_MESSAGE = /locked|lockout|too many|rate.?limit|throttl|temporarily|try again later|blocked|suspended/i;
/** A failed login this much slower than the first one was slowed down on purpose. */
const SLOWDOWN_MS = 1000;

/**
 * How a failed login shows that failures are being limited — `answered 429`, `sent Retry-After`,
 * `said "locked"`, `slowed down` — or undefined. A message counts only when the first failure
 * did not already say it, a slowdown only against the first failure's time.
 */
export function loginLimitSign(exchange: ScanExchange, first: ScanExchange | undefined): string | undefined {
  const { response } = exchange;
  if (response.status === 429 || response.status === 423) return `answered ${response.status}`;
  if (headerValue(response, 'retry-after') !== undefined) return 'sent Retry-After';
  const message = LIMIT_MESSAGE.exec(response.body)?.[0];
  if (message && !(first && LIMIT_MESSAGE.test(first.response.body))) return `said "${message}"`;
  if (first && response.durationMs > first.response.durationMs + SLOWDOWN_MS) return 'slowed down';
  return undefined;
}
