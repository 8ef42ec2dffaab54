import type { DecodedJwt, JwtClaims } from '../../engines/auth/decode-jwt.js';
import { maskToken } from '../../engines/auth/mask-token.js';
import type { OAuth2Grant } from '../../engines/auth/oauth2-grant.js';
import type { OAuth2Token } from '../../engines/auth/request-oauth2-token.js';
import { describeRelativeTime, formatUtc } from '../../engines/auth/relative-time.js';
import { maskText } from '../../safety/mask-text.js';

const MAX_OTHER_CLAIMS_CHARS = 1500;
const DESCRIBED_CLAIMS = new Set(['iss', 'sub', 'aud', 'exp', 'iat', 'nbf', 'scope', 'scp', 'scopes']);

export interface SavedToken {
  grant: OAuth2Grant;
  tokenUrl: string;
  token: OAuth2Token;
  accessVariable: string;
  refreshVariable?: string;
  isJwt: boolean;
}

export function describeOAuth2Token(saved: SavedToken, now: Date): string {
  const { token, accessVariable, refreshVariable } = saved;
  const expiry = token.expiresAt ? `expires ${describeMoment(token.expiresAt, now)}` : 'expiry not given';
  const scope = token.scope ? `; scope: ${token.scope}` : '';
  const variables = [`${accessVariable} (access token)`, ...(refreshVariable ? [`${refreshVariable} (refresh token)`] : [])];
  const lines = [
    `Got an access token (${saved.grant} grant): HTTP ${token.status} from ${maskText(saved.tokenUrl)} in ${token.durationMs} ms.`,
    `Access token: ${maskToken(token.accessToken)} (${token.tokenType}), ${expiry}${scope}.`,
    ...(token.refreshToken ? [`Refresh token: ${maskToken(token.refreshToken)}.`] : []),
    ...(token.idToken ? [`ID token: ${maskToken(token.idToken)} (not saved).`] : []),
    `Saved as session variable${variables.length > 1 ? 's' : ''}: ${variables.join(', ')}.`,
    `Use it: headers: {"Authorization": "${headerScheme(token.tokenType)} {{${accessVariable}}}"}`,
  ];
  if (refreshVariable) {
    lines.push(`Renew it: auth with action "oauth2", grant "refresh_token", refresh_token "{{${refreshVariable}}}", the same token_url and client.`);
  }
  if (saved.isJwt) lines.push(`It is a JWT: auth with action "parse_jwt", token "{{${accessVariable}}}" shows its claims.`);
  return lines.join('\n');
}

export function describeJwt(jwt: DecodedJwt, claims: JwtClaims, now: Date): string {
  const lines = [`JWT ${describeValidity(claims, now)}. Decoded only: the signature was NOT verified.`];
  lines.push(`Header: ${maskText(JSON.stringify(jwt.header))}`);
  const facts: Array<[string, string | undefined]> = [
    ['Issued', claims.issuedAt && describeMoment(claims.issuedAt, now)],
    ['Not before', claims.notBefore && describeMoment(claims.notBefore, now)],
    ['Subject', claims.subject],
    ['Issuer', claims.issuer],
    ['Audience', claims.audience.join(', ') || undefined],
    ['Scopes', claims.scopes.join(' ') || undefined],
  ];
  for (const [label, value] of facts) if (value) lines.push(`${label}: ${maskText(value)}`);
  const others = Object.fromEntries(Object.entries(jwt.payload).filter(([name]) => !DESCRIBED_CLAIMS.has(name)));
  if (Object.keys(others).length > 0) {
    const json = maskText(JSON.stringify(others));
    lines.push(`Other claims: ${json.length > MAX_OTHER_CLAIMS_CHARS ? `${json.slice(0, MAX_OTHER_CLAIMS_CHARS)}… (truncated)` : json}`);
  }
  return lines.join('\n');
}

function describeValidity(claims: JwtClaims, now: Date): string {
  if (claims.notBefore && claims.notBefore > now) return `not valid yet: valid from ${describeMoment(claims.notBefore, now)}`;
  if (!claims.expiresAt) return 'never expires (no exp claim)';
  const when = describeMoment(claims.expiresAt, now);
  return claims.expiresAt > now ? `expires ${when}` : `EXPIRED ${when}`;
}

/** `in 14 minutes (2025-01-31 14:03:00 UTC)` */
function describeMoment(date: Date, now: Date): string {
  return `${describeRelativeTime(date, now)} (${formatUtc(date)})`;
}

/** token_type is case-insensitive (RFC 6749 §7.1), but `Bearer` is how servers expect to read it. */
function headerScheme(tokenType: string): string {
  return tokenType.toLowerCase() === 'bearer' ? 'Bearer' : tokenType;
}
