import type { FindingDraft, ScanContext } from '../scan-context.js';
import { jsonBody } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { type SeenExchange, seenOperation } from '../seen-exchange.js';
import { isNamedAdmin, type OwnView, readOwnView } from './support/users.js';
import { fieldOf, recordsIn } from './support/answers.js';
import { asObject } from '../../../../engines/spec/json-values.js';
import { withLeaksMasked } from './sensitive-data/masked-leaks.js';
import { objectTarget, ownedObjects } from './support/objects.js';
import { otherUsersRecord } from './sensitive-data/other-users-records.js';
import { plainRequest, requiresAuth, sendProbe } from './support/probes.js';
import { isAuthPath, isSelfPath } from './support/operations.js';
import { type SensitiveValue, sensitiveValues } from './sensitive-data/sensitive-values.js';
import { mapAtOnce } from './support/each-at-once.js';

/** A path whose purpose is handing out keys or tokens (`/api-keys`, `/tokens`): they are expected there. */
const KEYS_PATH = /\/(api-?keys?|keys|tokens|secrets|credentials)(\/|$)/i;
/** Places named in a finding's title at most. */
const TITLE_PLACES = 3;

/**
 * API3 excessive data exposure. Passive: every answer the scan receives, whichever check sent it
 * (logins and probes included), is read for password hashes, passwords, secrets, keys and other
 * users' tokens (high), and personal data such as SSN and card numbers (medium); a value the
 * request itself sent is an echo, not a leak, and the caller's own token in a login's answer is
 * what it asked for. Its own run reads what each identity (and no identity, for the operations the
 * spec leaves open) may read — the GETs its own answers fill, one level down included (`GET /me`,
 * then `/orgs/{orgId}/members`), each identity's own objects, each user's login — and reports other
 * users' records in an answer that is the caller's own (medium). One finding per operation and kind
 * of value, the first answer that showed it; the leaked values masked in its evidence.
 */
export const sensitiveDataCheck: SecurityCheck = {
  title: 'Sensitive data in responses',
  owasp: 'API3:2023',
  cwe: 'CWE-213',
  proof: 'a response carries password hashes, secrets, tokens or keys in fields the client has no use for',
  remediation: 'Return only the fields the client needs: serialize through an explicit allow-list, never the stored record.',
  runOrder: 60,
  async run(ctx) {
    const views = await mapAtOnce(ctx, [...ctx.identities, undefined], (identity, ctx) => readOwnView(ctx, identity));
    await readOwnObjects(ctx, views);
    await logInAgain(ctx);
    for (const draft of otherUsersFindings(views)) ctx.report(draft);
  },
  passive: leakFindings,
};

/** A draft per kind of sensitive value the answer carries, none for a value the request sent itself. */
function leakFindings(seen: SeenExchange): FindingDraft[] {
  const { request, exchange, identity } = seen;
  const operation = seenOperation(seen);
  const login = request.method.toUpperCase() === 'POST' && isAuthPath(operation.path) ? loginName(request.body) : undefined;
  const context = {
    tokensExpected: isAuthPath(operation.path),
    keysExpected: KEYS_PATH.test(operation.path),
    ...(identity?.token && { ownToken: identity.token }),
  };
  const sent = JSON.stringify(exchange.request);
  const leaks = sensitiveValues(jsonBody(exchange.response), exchange.response.body, context).filter((leak) => !sent.includes(leak.value));
  const kinds = [...new Set(leaks.map((leak) => leak.kind))];
  return kinds.map((kind) => {
    const ofKind = leaks.filter((leak) => leak.kind === kind);
    return {
      severity: ofKind[0]!.severity,
      operation,
      title: `answers ${identity?.name ?? login ?? 'a caller with no credentials'} with ${describe(ofKind)}`,
      exchange: withLeaksMasked(exchange, leaks),
      exposed: kind,
    };
  });
}

/** Who a login's body logs in: its username, email or login field. */
function loginName(body: unknown): string | undefined {
  const record = asObject(body);
  const name =
    record && ['username', 'email', 'login', 'user', 'name'].map((field) => fieldOf(record, field)?.value).find((value) => typeof value === 'string');
  return typeof name === 'string' ? name : undefined;
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

/** Each identity reads its own object of every GET on one (`GET /users/{id}` with its own id); the passive part reads the answers. */
async function readOwnObjects(ctx: ScanContext, views: readonly OwnView[]): Promise<void> {
  for (const view of views.filter((candidate) => candidate.identity)) {
    for (const operation of ctx.operations.filter(
      (candidate) => candidate.method === 'GET' && !view.responses.some((response) => response.operation === candidate),
    )) {
      const target = objectTarget(operation);
      const own = target && ownedObjects(view, target, operation.path)[0];
      const request = own && plainRequest(ctx, operation, own.pathValues);
      if (request) await sendProbe(ctx, request, view.identity);
    }
  }
}

/** Each `--user` logs in again, for what its login answers beside the token. */
async function logInAgain(ctx: ScanContext): Promise<void> {
  for (const identity of ctx.identities) {
    if (!identity.login) continue;
    const { operation, usernameField, passwordField } = identity.login.operation;
    const body = { [usernameField]: identity.login.username, [passwordField]: identity.login.password };
    await sendProbe(ctx, { method: operation.method, path: operation.path, body }, undefined);
  }
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
        exposed: "other users' records",
      });
    }
  }
  return drafts;
}
