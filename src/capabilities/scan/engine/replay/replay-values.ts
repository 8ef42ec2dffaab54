import type { Identity } from '../identity.js';
import { variableOf } from './identity-variables.js';
import type { ShellStep } from './replay-step.js';

/** Standard input as base64url without padding, as a JWT's parts are. */
const BASE64URL = `base64 | tr -d '=\\n' | tr '/+' '_-'`;
const HASHES: Record<string, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/** Sets `variable` to the user's own token with its header replaced by `{"alg": …}` and no signature. */
export function unsignedTokenStep(identity: Identity, header: string, variable: string): ShellStep {
  const token = variableOf('token of', identity);
  return {
    kind: 'shell',
    label: `${identity.name}'s own token with the header ${JSON.stringify(Buffer.from(header, 'base64url').toString())} and no signature`,
    lines: [`${variable}="${header}.$(printf '%s' "$${token}" | cut -d. -f2)."`],
    needs: [token],
  };
}

/**
 * Sets `variable` to the user's own token with its claims changed by a jq filter (`.exp = (now | floor) - 3600`),
 * signed again with `secret` (HS256/384/512), or with its own signature kept when `secret` is undefined.
 */
export function changedTokenStep(identity: Identity, options: { label: string; claims: string; alg: string; secret?: string; variable: string }): ShellStep {
  const token = variableOf('token of', identity);
  const hash = HASHES[options.alg] ?? 'sha256';
  const claims = `printf '%s' "$${token}" | cut -d. -f2 | tr '_-' '/+' | awk '{ while (length($0) % 4) $0 = $0 "="; print }' | base64 -d | jq -c ${quoted(options.claims)} | ${BASE64URL}`;
  const signature =
    options.secret === undefined
      ? `printf '%s' "$${token}" | cut -d. -f3`
      : `printf '%s' "$JWT_HEADER.$JWT_CLAIMS" | openssl dgst -${hash} -hmac ${quoted(options.secret)} -binary | ${BASE64URL}`;
  return {
    kind: 'shell',
    label: options.label,
    lines: [`JWT_HEADER=$(printf '%s' "$${token}" | cut -d. -f1)`, `JWT_CLAIMS=$(${claims})`, `${options.variable}="$JWT_HEADER.$JWT_CLAIMS.$(${signature})"`],
    needs: [token],
    tools: options.secret === undefined ? ['jq'] : ['jq', 'openssl'],
  };
}

/** Sets `variable` to a value the scan made up and sent as it is (a malformed credential). */
export function literalStep(label: string, variable: string, value: string): ShellStep {
  return { kind: 'shell', label, lines: [`${variable}=${quoted(value)}`], needs: [] };
}

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
