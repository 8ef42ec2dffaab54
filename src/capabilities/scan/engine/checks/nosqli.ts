import { randomBytes } from 'node:crypto';
import { isJsonMediaType } from '../../../../engines/testing/checks/media-type.js';
import { type LoginOperation, findLoginOperation } from '../login-operation.js';
import type { ScanContext } from '../scan-context.js';
import { type ScanRequest, type ScanResponse, headerValue, jsonBody } from '../scan-exchange.js';
import { ScanUsageError } from '../scan-usage-error.js';
import type { SecurityCheck } from '../security-check.js';
import { type InjectionPoint, MAX_POINTS_PER_OPERATION, injectionPoints, pointLabel, withValue } from './support/injection.js';
import { type ProbedOperation, probedOperations } from './support/operations.js';
import { recordCount } from './support/answers.js';
import { sendProbe } from './support/probes.js';
import { eachAtOnce } from './support/each-at-once.js';

/** Objects a MongoDB-style query reads as a condition every stored value meets, where a string would be compared. */
function alwaysTrue(noMatch: string): Array<Record<string, unknown>> {
  return [{ $ne: noMatch }, { $gt: '' }];
}

/**
 * NoSQL injection: an operator object in place of a value. A login that lets a user in with
 * {"$ne": …} for the password, where a wrong password is refused (critical); a search that lists
 * more records with the operator than with a value matching nothing and than with an object that
 * is no operator (high).
 */
export const nosqliCheck: SecurityCheck = {
  title: 'NoSQL injection',
  owasp: 'API8:2023',
  cwe: 'CWE-943',
  proof: 'an operator object ({"$ne": …}, {"$gt": ""}) in place of a value logs in or returns records the plain value does not',
  remediation: 'Validate the type of every value (a string stays a string) and never pass request objects into queries.',
  runOrder: 140,
  async run(ctx) {
    const noMatch = `falcon-${randomBytes(6).toString('hex')}`;
    await reportLoginBypass(ctx, noMatch);
    await eachAtOnce(ctx, probedOperations(ctx), async (target, ctx) => {
      const points = injectionPoints(target.operation, target.request)
        .filter((point) => takesObjects(point, target.request))
        .slice(0, MAX_POINTS_PER_OPERATION);
      await reportWidenedSearch(ctx, target, points, noMatch);
    });
  },
};

/** Logs in as the known user with operators for the password, then with operators for both, after a wrong password was refused. */
async function reportLoginBypass(ctx: ScanContext, noMatch: string): Promise<void> {
  const login = loginOperation(ctx);
  const valid = login && ctx.validRequest(login.operation);
  if (!login || !valid || !isJsonBody(valid)) {
    ctx.note('nosqli: no login operation with a JSON body, so logging in with operators was not tried');
    return;
  }
  const known = ctx.identities.find((identity) => identity.login)?.login?.username ?? String(valid.body[login.usernameField] ?? '');
  const logIn = (username: unknown, password: unknown) =>
    sendProbe(ctx, { ...valid, body: { ...valid.body, [login.usernameField]: username, [login.passwordField]: password } }, undefined);
  const refused = await logIn(known, noMatch);
  if (!refused || issuesCredential(refused.response)) return;
  const attempts = [...alwaysTrue(noMatch).map((operator) => [known, operator]), ...alwaysTrue(noMatch).map((operator) => [operator, operator])];
  for (const [username, password] of attempts) {
    const exchange = await logIn(username, password);
    if (!exchange || !issuesCredential(exchange.response)) continue;
    ctx.report({
      severity: 'critical',
      operation: login.operation,
      title: `Logs in ${typeof username === 'string' ? `as "${username}"` : 'as whoever comes first'} with ${JSON.stringify(password)} in place of the password${typeof username === 'string' ? '' : ' and the user name'}; a wrong password is refused`,
      exchange,
    });
    return;
  }
}

/**
 * Reports the first point, or else all the points together (a lookup may match on two fields at
 * once), where an operator lists more records than a value matching nothing and than an object
 * that is no operator.
 */
async function reportWidenedSearch(ctx: ScanContext, target: ProbedOperation, points: readonly InjectionPoint[], noMatch: string): Promise<void> {
  const countWith = async (group: readonly InjectionPoint[], value: unknown) => {
    const request = group.reduce((changed, point) => withValue(changed, point, value), target.request);
    const exchange = await sendProbe(ctx, request, target.identity);
    return exchange && { exchange, count: recordCount(exchange.response) };
  };
  const groups = [...points.map((point) => [point]), ...(points.length > 1 ? [points] : [])];
  for (const group of groups) {
    const plain = await countWith(group, noMatch);
    if (plain?.count === undefined) continue;
    for (const operator of alwaysTrue(noMatch)) {
      const widened = await countWith(group, operator);
      if (widened?.count === undefined || widened.count <= plain.count) continue;
      // A server that drops what is not a string and lists everything would pass the test above: this one tells.
      // No answer to it tells nothing, so nothing is claimed.
      const ignored = await countWith(group, { falcon: noMatch });
      if (!ignored || (ignored.count !== undefined && ignored.count >= widened.count)) break;
      ctx.report({
        severity: 'high',
        operation: target.operation,
        title: `The ${group.map(pointLabel).join(' and the ')} ${group.length > 1 ? 'take' : 'takes'} query operators: ${JSON.stringify(operator)} lists ${records(widened.count)} where a value matching nothing lists ${records(plain.count)}`,
        exchange: widened.exchange,
      });
      return;
    }
  }
}

function records(count: number): string {
  return `${count} record${count === 1 ? '' : 's'}`;
}

function loginOperation(ctx: ScanContext): LoginOperation | undefined {
  try {
    return findLoginOperation(ctx.operations, undefined);
  } catch (error) {
    if (error instanceof ScanUsageError) return undefined;
    throw error;
  }
}

/** Objects go in the query (in brackets) and in a JSON body; a path or a form field would carry them as text. */
function takesObjects(point: InjectionPoint, request: ScanRequest): boolean {
  return point.in === 'query' || (point.in === 'body' && isJsonBody(request));
}

function isJsonBody(request: ScanRequest): request is ScanRequest & { body: Record<string, unknown> } {
  return (
    typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) && isJsonMediaType(request.contentType ?? 'application/json')
  );
}

const TOKEN_FIELD = /^(token|access_?token|jwt|id_?token|auth_?token|session_?(id|token)?)$/i;
/** How deep into a login answer a token is looked for (`{data: {token}}`). */
const MAX_DEPTH = 2;

/** Whether a login answer lets the caller in: a 2xx with a token in its JSON or a cookie set. */
export function issuesCredential(response: ScanResponse): boolean {
  if (response.status < 200 || response.status >= 300) return false;
  return headerValue(response, 'set-cookie') !== undefined || holdsToken(jsonBody(response), MAX_DEPTH);
}

function holdsToken(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).some(
    ([key, inner]) => (TOKEN_FIELD.test(key) && typeof inner === 'string' && inner !== '') || (depth > 0 && holdsToken(inner, depth - 1)),
  );
}
