import type { Identity } from '../identity.js';
import type { FindingDraft, ScanContext } from '../scan-context.js';
import type { SecurityCheck } from '../security-check.js';
import { sendStep } from '../replay/replay-step.js';
import { unsignedTokenStep } from '../replay/replay-values.js';
import { reportApiWide } from './support/api-wide-findings.js';
import { checksSignature, jwtIdentity, jwtPart, type JwtToken } from './support/jwt.js';
import { type GuardedOperation, guardCandidates, guardedOperation } from './support/operations.js';
import { mapAtOnce } from './support/each-at-once.js';
import { sameData } from './support/answers.js';
import { sendProbe, withCredentials } from './support/probes.js';

/** Spellings of "none" that case-sensitive deny-lists let through. */
const NONE_SPELLINGS = ['none', 'None', 'NONE'];

/**
 * API2: the user's own JWT with its header set to `{"alg": "none"}` and its signature dropped
 * (`header.payload.`), sent to each operation that refuses requests without credentials; the data
 * the real token gets coming back, while the token with a broken signature is refused, proves the
 * operation takes unsigned tokens. Reported once when every such operation does (one verifier for
 * the whole API), else per operation.
 */
export const jwtNoneCheck: SecurityCheck = {
  title: 'JWT accepted with alg "none"',
  owasp: 'API2:2023',
  cwe: 'CWE-347',
  proof: 'the user\'s own JWT, re-signed with alg "none" (and no signature), is accepted as that user',
  remediation: 'Accept only the signing algorithms you issue (an allow-list); never "none".',
  runOrder: 80,
  async run(ctx) {
    const found = jwtIdentity(ctx.identities);
    if (!found) {
      ctx.note('jwt_none: needs a --user or --token whose token is a JWT');
      return;
    }
    const tried = await mapAtOnce(ctx, guardCandidates(ctx), async (candidate, ctx) => {
      const guarded = await guardedOperation(ctx, found.identity, candidate);
      return guarded && { outcome: await unsignedAccepted(ctx, guarded, found) };
    });
    const outcomes = tried.flatMap((attempt) => (attempt ? [attempt.outcome] : []));
    if (outcomes.length === 0)
      ctx.note(`jwt_none: no GET behind authentication answered ${found.identity.name} with data and refused a request without credentials`);
    reportApiWide(ctx, outcomes);
  },
};

async function unsignedAccepted(
  ctx: ScanContext,
  guarded: GuardedOperation,
  { identity, jwt }: { identity: Identity; jwt: JwtToken },
): Promise<FindingDraft | undefined> {
  for (const alg of NONE_SPELLINGS) {
    const header = jwtPart({ alg, typ: 'JWT' });
    const unsigned = `${header}.${jwt.parts[1]}.`;
    const request = withCredentials(guarded.request, guarded.operation, ctx.spec, identity, { authorization: `Bearer ${unsigned}` });
    const exchange = await sendProbe(ctx, request, undefined);
    if (!exchange || !sameData(guarded.answer.response, exchange.response)) continue;
    if (!(await checksSignature(ctx, guarded, identity, jwt))) return undefined;
    // The title names no operation, so that an API-wide flaw is reported once.
    return {
      severity: 'critical',
      operation: guarded.operation,
      title: `An unsigned JWT (alg "${alg}", no signature) is accepted as ${identity.name}, answered with their data`,
      exchange,
      replay: [
        unsignedTokenStep(identity, header, 'UNSIGNED_TOKEN'),
        sendStep(`sent with it: ${identity.name}'s data comes back`, exchange, [{ literal: unsigned, variable: 'UNSIGNED_TOKEN' }]),
      ],
    };
  }
  return undefined;
}
