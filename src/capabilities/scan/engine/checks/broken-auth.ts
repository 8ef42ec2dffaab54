import type { SpecOperation } from '../../../../engines/spec/spec-format.js';
import type { Identity } from '../identity.js';
import type { SecurityCheck } from '../security-check.js';
import { type ReplayValue, type ShellStep, sendStep } from '../replay/replay-step.js';
import { changedTokenStep, literalStep } from '../replay/replay-values.js';
import { requiresAuth, sendProbe, withCredentials } from './support/probes.js';
import { answeredWithData, sameData } from './support/answers.js';
import { hmacHash, signHmacJwt, jwtPart, readJwt, weakJwtSecret } from './support/jwt.js';
import { eachAtOnce } from './support/each-at-once.js';

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
    if (changing.length > 0)
      ctx.note(
        `broken_auth: ${changing.length} operation(s) that change data were not probed without credentials (--allow-destructive probes POST, PUT and PATCH)`,
      );
    await eachAtOnce(ctx, needingAuth, async (operation, ctx) => {
      const request = isProbed(operation, ctx.allowDestructive) ? ctx.validRequest(operation) : undefined;
      const answer = request && (await sendProbe(ctx, request, identity));
      if (!request || !answer || !answeredWithData(answer.response)) return;
      for (const probe of probes) {
        const exchange = await sendProbe(ctx, withCredentials(request, operation, ctx.spec, identity, probe.credentials), undefined);
        if (!exchange || !sameData(answer.response, exchange.response)) continue;
        ctx.report({
          severity: 'high',
          operation,
          title: `${operation.method} ${operation.path} answers ${exchange.response.status} with data ${probe.description}, as it answers ${identityLabel(identity)}`,
          exchange,
          ...(probe.made && {
            replay: [probe.made.step, sendStep(`sent ${probe.description}: the data comes back`, exchange, [probe.made.value])],
          }),
        });
        break;
      }
    });
  },
};

/** Reads always; POST, PUT and PATCH only with --allow-destructive (an unauthenticated write that works writes); never DELETE. */
function isProbed(operation: SpecOperation, allowDestructive: boolean): boolean {
  return operation.method === 'GET' || (allowDestructive && ['POST', 'PUT', 'PATCH'].includes(operation.method));
}

function identityLabel(identity: Identity): string {
  return `${identity.name}'s ${identity.token === undefined ? 'session' : 'token'}`;
}

/** What broken_auth sends in place of a real credential. */
export interface BrokenCredential {
  /** How it reads in a finding's title: `without credentials`, `with a malformed token …`. */
  description: string;
  /** Header name → value; none for a request without credentials. */
  credentials: Record<string, string>;
  /** How a replay makes the value it sends: the shell step that sets the variable standing for it. */
  made?: { step: ShellStep; value: ReplayValue };
}

const MALFORMED = 'abc.def';
const HOUR_SECONDS = 3600;

/**
 * The credentials a server must refuse, weakest first: none; a malformed one in the identity's
 * place (`Bearer abc.def`, or each session cookie set to it); for a JWT, its payload changed under
 * the original signature, and an expired one — which only a token signed with the right key tests,
 * so only when that key is a common secret. `untried` says why the expired token was not sent.
 */
export function brokenCredentials(identity: Identity): { probes: BrokenCredential[]; untried?: string } {
  const probes: BrokenCredential[] = [
    { description: 'without credentials', credentials: {} },
    {
      description: `with a malformed credential (${MALFORMED})`,
      credentials: malformed(identity.headers),
      made: { step: literalStep('a malformed credential', 'MALFORMED_CREDENTIAL', MALFORMED), value: { literal: MALFORMED, variable: 'MALFORMED_CREDENTIAL' } },
    },
  ];
  const jwt = readJwt(identity.token);
  if (!jwt) return { probes };
  const [header, , signature] = jwt.parts;
  // An added claim is the smallest change: the signature no longer matches, and the claims the server reads stay as issued.
  const changed = jwtPart({ ...jwt.payload, falcon: 'forged' });
  const forged = `${header}.${changed}.${signature}`;
  probes.push({
    description: 'with a forged JWT (its payload changed, its signature left as it was)',
    credentials: { authorization: `Bearer ${forged}` },
    made: {
      step: changedTokenStep(identity, {
        label: `${identity.name}'s own token with a claim added, its signature kept`,
        claims: '.falcon = "forged"',
        alg: String(jwt.header.alg),
        variable: 'FORGED_TOKEN',
      }),
      value: { literal: forged, variable: 'FORGED_TOKEN' },
    },
  });
  const secret = weakJwtSecret(jwt);
  if (secret === undefined) {
    const signedWith = hmacHash(jwt.header.alg) ? 'a secret that is not a common one' : `${String(jwt.header.alg)}, with a key Falcon does not have`;
    return {
      probes,
      untried: `an expired token was not tried: only one signed with the API's key tests expiry, and ${identity.name}'s token is signed with ${signedWith}`,
    };
  }
  const expired = signHmacJwt(jwt.header, { ...jwt.payload, exp: Math.floor(Date.now() / 1000) - HOUR_SECONDS }, secret);
  probes.push({
    description: 'with an expired JWT (exp an hour ago, correctly signed)',
    credentials: { authorization: `Bearer ${expired}` },
    made: {
      step: changedTokenStep(identity, {
        label: `${identity.name}'s own claims, expired an hour ago, signed with "${secret}" (the common secret the token is signed with)`,
        claims: `.exp = (now | floor) - ${HOUR_SECONDS}`,
        alg: String(jwt.header.alg),
        secret,
        variable: 'EXPIRED_TOKEN',
      }),
      value: { literal: expired, variable: 'EXPIRED_TOKEN' },
    },
  });
  return { probes };
}

/** The identity's headers with each credential malformed: `Bearer abc.def`, every cookie's value `abc.def`. */
function malformed(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      const lower = name.toLowerCase();
      if (lower === 'authorization') return [lower, `Bearer ${MALFORMED}`];
      if (lower === 'cookie')
        return [
          lower,
          value
            .split(';')
            .map((pair) => `${pair.split('=')[0]!.trim()}=${MALFORMED}`)
            .join('; '),
        ];
      return [lower, MALFORMED];
    }),
  );
}
