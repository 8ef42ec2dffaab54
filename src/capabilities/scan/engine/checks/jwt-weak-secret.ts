import type { SecurityCheck } from '../security-check.js';
import { sendStep } from '../replay/replay-step.js';
import { changedTokenStep } from '../replay/replay-values.js';
import { checksSignature, hmacHash, signHmacJwt, jwtIdentity, weakJwtSecret } from './support/jwt.js';
import { guardedOperations } from './support/operations.js';
import { sameData } from './support/answers.js';
import { sendProbe, withCredentials } from './support/probes.js';

/** How much later than the real token's the minted one expires: a token the server never issued. */
const LATER_SECONDS = 3600;

/**
 * API2: the user's HS256/384/512 JWT checked against a small list of common secrets; when one
 * verifies it, a token Falcon signs with it (a later expiry, so the server never issued it) is sent
 * to an operation that refuses requests without credentials and tokens with a broken signature.
 * The user's data coming back proves anyone can mint tokens.
 */
export const jwtWeakSecretCheck: SecurityCheck = {
  title: 'JWT signed with a weak secret',
  owasp: 'API2:2023',
  cwe: 'CWE-521',
  proof: "the user's HS256 JWT verifies with a secret from a small list of common ones, and a token signed with it is accepted",
  remediation: 'Sign tokens with a long random secret (32 bytes or more) or an asymmetric key, kept out of the code.',
  runOrder: 90,
  // Its notes never read `jwt_weak_secret: <word>`: masking by shape takes that for a secret's value.
  async run(ctx) {
    const found = jwtIdentity(ctx.identities);
    if (!found) {
      ctx.note('jwt_weak_secret not checked: it needs a --user or --token whose token is a JWT');
      return;
    }
    const { identity, jwt } = found;
    if (!hmacHash(jwt.header.alg)) {
      ctx.note(`jwt_weak_secret not checked: ${identity.name}'s token is signed with ${String(jwt.header.alg)}, not a shared secret (HS256, HS384, HS512)`);
      return;
    }
    const secret = weakJwtSecret(jwt);
    if (secret === undefined) return;
    const exp = (typeof jwt.payload.exp === 'number' ? jwt.payload.exp : Math.floor(Date.now() / 1000)) + LATER_SECONDS;
    const minted = signHmacJwt(jwt.header, { ...jwt.payload, exp }, secret);
    for await (const guarded of guardedOperations(ctx, identity)) {
      if (!(await checksSignature(ctx, guarded, identity, jwt))) continue;
      const request = withCredentials(guarded.request, guarded.operation, ctx.spec, identity, { authorization: `Bearer ${minted}` });
      const exchange = await sendProbe(ctx, request, undefined);
      if (!exchange || !sameData(guarded.answer.response, exchange.response)) {
        ctx.note(
          `jwt_weak_secret unproven: ${identity.name}'s token is signed with the common secret "${secret}", but a token Falcon signed with it was refused (HTTP ${exchange?.response.status ?? 'no answer'})`,
        );
        return;
      }
      ctx.report({
        severity: 'critical',
        operation: guarded.operation,
        title: `JWTs are signed with the common secret "${secret}" (${String(jwt.header.alg)}): a token Falcon signed with it is accepted as ${identity.name}`,
        exchange,
        replay: [
          changedTokenStep(identity, {
            label: `${identity.name}'s own claims, expiring an hour later, signed with "${secret}"`,
            claims: `.exp = ((.exp // (now | floor)) + ${LATER_SECONDS})`,
            alg: String(jwt.header.alg),
            secret,
            variable: 'MINTED_TOKEN',
          }),
          sendStep(`sent with it: ${identity.name}'s data comes back`, exchange, [{ literal: minted, variable: 'MINTED_TOKEN' }]),
        ],
      });
      return;
    }
    ctx.note(
      `jwt_weak_secret unproven: ${identity.name}'s token is signed with the common secret "${secret}", but no GET behind authentication answered them with data, refused a request without credentials and checked signatures, so no minted token was tried`,
    );
  },
};
