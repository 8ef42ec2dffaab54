import type { SpecOperation } from '../../../../engines/spec/spec-format.js';
import type { Identity } from '../identity.js';
import type { FindingDraft, ScanContext } from '../scan-context.js';
import { jsonBody, type ScanExchange } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { severityRank } from '../severity.js';
import { isNamedAdmin, type OwnView, readOwnView } from './support/users.js';
import { recordsIn, isSuccess } from './support/answers.js';
import { withLeaksMasked } from './sensitive-data/masked-leaks.js';
import { objectTarget, ownedObjects } from './support/objects.js';
import { otherUsersRecord } from './sensitive-data/other-users-records.js';
import { plainRequest, requiresAuth, sendProbe } from './support/probes.js';
import { isSelfPath } from './support/operations.js';
import { type SensitiveValue, sensitiveValues } from './sensitive-data/sensitive-values.js';

/** A path whose purpose is handing out keys or tokens (`/api-keys`, `/tokens`): they are expected there. */
const KEYS_PATH = /\/(api-?keys?|keys|tokens|secrets|credentials)(\/|$)/i;
/** Places named in a finding's title at most. */
const TITLE_PLACES = 3;

/** A 2xx answer the check reads, and who it went to. */
interface Answer {
  operation: SpecOperation;
  exchange: ScanExchange;
  identity: Identity | undefined;
  isLogin?: boolean;
}

/**
 * API3 excessive data exposure. Reads what each identity (and no identity, for the operations the
 * spec leaves open) may read: the GETs that need no input, each identity's own objects, and each
 * user's login. Password hashes, passwords, secrets, keys and other users' tokens in an answer are
 * high; personal data (SSN, card numbers) and other users' records in an answer that is the caller's
 * own are medium. The caller's own token in its login answer is not a finding. One finding per
 * operation, the worst; the leaked values are masked in its evidence.
 */
export const sensitiveDataCheck: SecurityCheck = {
  title: 'Sensitive data in responses',
  owasp: 'API3:2023',
  cwe: 'CWE-213',
  proof: 'a response carries password hashes, secrets, tokens or keys in fields the client has no use for',
  remediation: 'Return only the fields the client needs: serialize through an explicit allow-list, never the stored record.',
  runOrder: 60,
  async run(ctx) {
    const views: OwnView[] = [];
    for (const identity of [...ctx.identities, undefined]) views.push(await readOwnView(ctx, identity));
    const answers = views.flatMap((view) => view.responses.map(({ operation, exchange }) => ({ operation, exchange, identity: view.identity })));
    answers.push(...(await ownObjectAnswers(ctx, views)), ...(await loginAnswers(ctx)));
    const worst = new Map<string, FindingDraft>();
    const keep = (draft: FindingDraft) => {
      const earlier = worst.get(draft.operation.method + draft.operation.path);
      if (!earlier || severityRank(draft.severity) > severityRank(earlier.severity)) worst.set(draft.operation.method + draft.operation.path, draft);
    };
    for (const answer of answers) {
      const draft = leakFinding(answer);
      if (draft) keep(draft);
    }
    for (const draft of otherUsersFindings(views)) keep(draft);
    for (const draft of worst.values()) ctx.report(draft);
  },
};

function leakFinding({ operation, exchange, identity, isLogin }: Answer): FindingDraft | undefined {
  const context = { tokensExpected: isLogin === true, keysExpected: KEYS_PATH.test(operation.path), ...(identity?.token && { ownToken: identity.token }) };
  const leaks = sensitiveValues(jsonBody(exchange.response), exchange.response.body, context);
  if (leaks.length === 0) return undefined;
  const worst = leaks.reduce((top, leak) => (severityRank(leak.severity) > severityRank(top.severity) ? leak : top));
  return {
    severity: worst.severity,
    operation: { method: operation.method, path: operation.path },
    title: `answers ${identity ? identity.name : 'a caller with no credentials'} with ${describe(leaks)}`,
    exchange: withLeaksMasked(exchange, leaks),
  };
}

/** `a password hash (passwordHash), a secret ([0].supplier.apiKey, [1].supplier.apiKey and 8 more)`. */
function describe(leaks: readonly SensitiveValue[]): string {
  const kinds = [...new Set(leaks.map((leak) => leak.kind))];
  return kinds
    .map((kind) => {
      const places = leaks.filter((leak) => leak.kind === kind).map((leak) => leak.place);
      const more = places.length > TITLE_PLACES ? ` and ${places.length - TITLE_PLACES} more` : '';
      return `${kind === 'personal data' ? '' : 'a '}${kind} (${places.slice(0, TITLE_PLACES).join(', ')}${more})`;
    })
    .join(', ');
}

/** Each identity reads its own object of every GET on one (`GET /users/{id}` with its own id). */
async function ownObjectAnswers(ctx: ScanContext, views: readonly OwnView[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const view of views.filter((candidate) => candidate.identity)) {
    for (const operation of ctx.operations.filter(
      (candidate) => candidate.method === 'GET' && !view.responses.some((response) => response.operation === candidate),
    )) {
      const target = objectTarget(operation);
      const own = target && ownedObjects(view, target, operation.path)[0];
      const request = own && plainRequest(ctx, operation, own.pathValues);
      const exchange = request && (await sendProbe(ctx, request, view.identity));
      if (exchange && isSuccess(exchange.response.status)) answers.push({ operation, exchange, identity: view.identity });
    }
  }
  return answers;
}

/** Each `--user` logs in again, for what its login answers beside the token. */
async function loginAnswers(ctx: ScanContext): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const identity of ctx.identities) {
    if (!identity.login) continue;
    const { operation, usernameField, passwordField } = identity.login.operation;
    const body = { [usernameField]: identity.login.username, [passwordField]: identity.login.password };
    const exchange = await sendProbe(ctx, { method: operation.method, path: operation.path, body }, undefined);
    if (exchange && isSuccess(exchange.response.status)) answers.push({ operation, exchange, identity, isLogin: true });
  }
  return answers;
}

/** Other users' records in an answer that is the caller's own: `GET /orders` listing another user's orders. */
function otherUsersFindings(views: readonly OwnView[]): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  for (const viewer of views.filter((view) => view.identity && !isNamedAdmin(view.identity))) {
    const others = views.filter((view) => view !== viewer && view.identity);
    for (const { operation, exchange, body } of viewer.responses.filter((response) => requiresAuth(response.operation))) {
      const record = otherUsersRecord(recordsIn(body), viewer, others, isSelfPath(operation.path));
      if (!record) continue;
      drafts.push({
        severity: 'medium',
        operation: { method: operation.method, path: operation.path },
        title: `answers ${viewer.identity?.name} with ${record.owner}'s records too (${record.key}: ${record.value})`,
        exchange,
      });
    }
  }
  return drafts;
}
