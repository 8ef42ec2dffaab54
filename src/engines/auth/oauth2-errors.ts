import type { HttpResponse } from '../http/send-request.js';
import type { ClientAuthMethod, OAuth2Grant } from './oauth2-grant.js';

interface TokenRequestFacts {
  grant: OAuth2Grant;
  clientAuth: ClientAuthMethod;
  scope?: string;
}

const MAX_SHOWN_BODY_CHARS = 300;

/**
 * A refused token request in plain words: what the server said, what it means, what to try.
 * It may repeat what the server sent: mask it before showing it.
 */
export function explainTokenError(response: HttpResponse, fields: Record<string, unknown>, facts: TokenRequestFacts): string {
  const code = typeof fields.error === 'string' ? fields.error : undefined;
  const description = typeof fields.error_description === 'string' ? `: ${fields.error_description}` : '';
  const said = `HTTP ${response.status}${code ? `, ${code}${description}` : ''}`;
  const meaning = (code && explainCode(code, facts)) ?? explainStatus(response, facts);
  return `the token endpoint refused the request (${said}) — ${meaning}`;
}

function explainCode(code: string, facts: TokenRequestFacts): string | undefined {
  const otherWay = facts.clientAuth === 'basic' ? 'body' : 'basic';
  switch (code) {
    case 'invalid_client':
      return (
        'the server did not accept the client credentials: check client_id and client_secret, ' +
        `or try client_auth: "${otherWay}" if the server expects them the other way`
      );
    case 'invalid_grant':
      if (facts.grant === 'password') return 'the username or password was refused';
      if (facts.grant === 'refresh_token') {
        return 'the refresh token is invalid, expired, revoked or already used: get a new token with another grant';
      }
      return 'the server refused the grant';
    case 'unauthorized_client':
      return `this client is not allowed to use the ${facts.grant} grant: enable it for the client on the authorization server`;
    case 'unsupported_grant_type':
      return `the server does not support the ${facts.grant} grant`;
    case 'invalid_scope':
      return `the scope${facts.scope ? ` "${facts.scope}"` : ''} was refused: ask for fewer or other scopes, or none`;
    case 'invalid_request':
      return 'the request is missing a parameter the server needs, or has one it does not accept (audience? scope?)';
    default:
      return undefined;
  }
}

function explainStatus(response: HttpResponse, facts: TokenRequestFacts): string {
  if (response.status === 401) {
    return `the client credentials were refused: check client_id and client_secret (sent as ${facts.clientAuth === 'basic' ? 'a Basic header' : 'form fields'})`;
  }
  if (response.status === 404 || response.status === 405) return 'is token_url the token endpoint? It must accept POST';
  const body = response.body.trim().slice(0, MAX_SHOWN_BODY_CHARS);
  return body ? `the server said: ${body}` : 'the response body is empty';
}
