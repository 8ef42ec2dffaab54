import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import type { GuardedOperation } from './guarded-operation.js';
import type { JwtToken } from './jwt-token.js';
import { sameData } from './same-data.js';
import { sendProbe } from './send-probe.js';
import { withCredentials } from './with-credentials.js';

/**
 * Whether the operation refuses the identity's JWT with its signature broken: the control that
 * tells a flaw of one JWT feature (alg none, a weak key) from an operation that checks no signature
 * at all, or takes any bearer value (broken_auth's findings).
 */
export async function checksSignature(ctx: ScanContext, guarded: GuardedOperation, identity: Identity, jwt: JwtToken): Promise<boolean> {
  const signature = Buffer.from(jwt.parts[2], 'base64url');
  const broken = signature.length > 0 ? Buffer.from(signature.map((byte) => byte ^ 0xff)).toString('base64url') : 'AAAA';
  const request = withCredentials(guarded.request, guarded.operation, ctx.spec, identity, { authorization: `Bearer ${jwt.parts[0]}.${jwt.parts[1]}.${broken}` });
  const exchange = await sendProbe(ctx, request, undefined);
  return exchange !== undefined && !sameData(guarded.answer.response, exchange.response);
}
