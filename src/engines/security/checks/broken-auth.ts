import type { SpecOperation } from '../../spec/spec-format.js';
import type { Identity } from '../identity.js';
import type { SecurityCheck } from '../security-check.js';
import { brokenCredentials } from './broken-auth/broken-credentials.js';
import { requiresAuth, sendProbe, withCredentials } from './support/probes.js';
import { answeredWithData, sameData } from './support/answers.js';

/**
 * API2: each operation the spec puts behind authentication that answers the first identity with
 * data is sent again without credentials, with a malformed token, and (for a JWT) with a forged
 * one and an expired one; the same data coming back proves the credential is not checked.
 */
export const brokenAuthCheck: SecurityCheck = {
  title: 'Broken authentication',
  owasp: 'API2:2023',
  cwe: 'CWE-287',
  proof: 'an operation that needs authentication answers 2xx with data to no token, a malformed token or an expired one',
  remediation: 'Require and verify a credential on every protected operation: signature, expiry, issuer and audience.',
  runOrder: 70,
  async run(ctx) {
    const identity = ctx.identities[0];
    if (!identity) {
      ctx.note('broken_auth: needs --user or --token: what an authenticated call answers is the control every probe is compared with');
      return;
    }
    const { probes, untried } = brokenCredentials(identity);
    if (untried) ctx.note(`broken_auth: ${untried}`);
    const needingAuth = ctx.operations.filter(requiresAuth);
    const changing = needingAuth.filter((operation) => !isProbed(operation, ctx.allowDestructive));
    if (changing.length > 0) ctx.note(`broken_auth: ${changing.length} operation(s) that change data were not probed without credentials (--allow-destructive probes POST, PUT and PATCH)`);
    for (const operation of needingAuth) {
      const request = isProbed(operation, ctx.allowDestructive) ? ctx.validRequest(operation) : undefined;
      const answer = request && (await sendProbe(ctx, request, identity));
      if (!request || !answer || !answeredWithData(answer.response)) continue;
      for (const probe of probes) {
        const exchange = await sendProbe(ctx, withCredentials(request, operation, ctx.spec, identity, probe.credentials), undefined);
        if (!exchange || !sameData(answer.response, exchange.response)) continue;
        ctx.report({
          severity: 'high',
          operation,
          title: `${operation.method} ${operation.path} answers ${exchange.response.status} with data ${probe.description}, as it answers ${identityLabel(identity)}`,
          exchange,
        });
        break;
      }
    }
  },
};

/** Reads always; POST, PUT and PATCH only with --allow-destructive (an unauthenticated write that works writes); never DELETE. */
function isProbed(operation: SpecOperation, allowDestructive: boolean): boolean {
  return operation.method === 'GET' || (allowDestructive && ['POST', 'PUT', 'PATCH'].includes(operation.method));
}

function identityLabel(identity: Identity): string {
  return `${identity.name}'s ${identity.token === undefined ? 'session' : 'token'}`;
}
