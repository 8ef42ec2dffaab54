import type { IncomingHttpHeaders } from 'node:http';
import type { FalconSpec, SecurityScheme, SpecOperation } from '../../../engines/spec/spec-format.js';

/**
 * Whether a request carries credentials for one of the operation's security alternatives (each
 * scheme of an alternative present: a mock checks presence, not value); else what is missing, in
 * words (`bearerAuth (Authorization: Bearer …)`).
 */
export function missingCredentials(operation: SpecOperation, spec: FalconSpec, headers: IncomingHttpHeaders, query: URLSearchParams): string | undefined {
  if (operation.security.length === 0) return undefined;
  const unmet: string[] = [];
  for (const requirement of operation.security) {
    const missing = Object.keys(requirement).filter((name) => !carries(spec.securitySchemes[name], headers, query));
    if (missing.length === 0) return undefined;
    unmet.push(missing.map((name) => `${name} (${whereItGoes(spec.securitySchemes[name])})`).join(' and '));
  }
  return `missing credentials: send ${unmet.join(', or ')}`;
}

function carries(scheme: SecurityScheme | undefined, headers: IncomingHttpHeaders, query: URLSearchParams): boolean {
  if (!scheme) return true;
  const authorization = headers.authorization ?? '';
  switch (scheme.type.toLowerCase()) {
    case 'http':
      return scheme.scheme ? authorization.toLowerCase().startsWith(`${scheme.scheme.toLowerCase()} `) : authorization !== '';
    case 'apikey':
      return apiKeyPresent(scheme, headers, query);
    case 'oauth2':
    case 'openidconnect':
      return /^bearer /i.test(authorization);
    default:
      // mutualTLS and Postman's auth types: nothing a mock on plain HTTP can see.
      return true;
  }
}

function apiKeyPresent(scheme: SecurityScheme, headers: IncomingHttpHeaders, query: URLSearchParams): boolean {
  const name = scheme.name ?? '';
  if (scheme.in === 'query') return query.has(name);
  if (scheme.in === 'cookie') return (headers.cookie ?? '').split(';').some((cookie) => cookie.trim().startsWith(`${name}=`));
  return headers[name.toLowerCase()] !== undefined;
}

function whereItGoes(scheme: SecurityScheme | undefined): string {
  if (!scheme) return 'credentials';
  const type = scheme.type.toLowerCase();
  if (type === 'http') return `Authorization: ${scheme.scheme ? capitalised(scheme.scheme) : ''} …`.replace('  ', ' ');
  if (type === 'apikey') return `${scheme.in === 'query' ? 'query parameter' : scheme.in === 'cookie' ? 'cookie' : 'header'} ${scheme.name ?? ''}`;
  return 'Authorization: Bearer …';
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}
