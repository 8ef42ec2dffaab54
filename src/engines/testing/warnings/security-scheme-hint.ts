import { variableNameFor } from '../../../safety/secret-names.js';
import type { SecurityScheme } from '../../spec/spec-format.js';
import type { RecordedRequest } from '../test-run.js';

/** How one security scheme of the spec is described, and how `falcon test` can send it. */
export interface SchemeHint {
  /** `ApiKeyAuth (an API key in header X-API-Key)`. */
  description: string;
  /** The header that carries it, when one can: `-H "X-API-Key: {{API_KEY}}"` with API_KEY in the environment. */
  header?: { name: string; value: string; variable: string };
  /** What a header cannot do for it, or what its value is (`the base64 of user:password`). */
  note?: string;
  /** Whether a request carried it (a value in its header, cookie or query parameter). */
  sentIn(request: RecordedRequest): boolean;
}

/** `name` as the spec names the scheme; `scheme` absent when securitySchemes does not describe it. */
export function schemeHint(name: string, scheme: SecurityScheme | undefined, scopes: readonly string[] = []): SchemeHint {
  const scoped = scopes.length > 0 ? `, scopes ${scopes.join(', ')}` : '';
  const described = (what: string) => `${name} (${what}${scoped})`;
  if (!scheme) return { description: `${name} (not described under securitySchemes)`, sentIn: () => false };
  const type = scheme.type.toLowerCase();
  if (type === 'apikey') return apiKeyHint(scheme.in ?? 'header', scheme.name ?? 'X-API-Key', described);
  if (type === 'http') {
    const kind = (scheme.scheme ?? 'bearer').toLowerCase();
    if (kind === 'bearer') return bearerHint(described(`HTTP bearer token${scheme.bearerFormat ? `, ${scheme.bearerFormat}` : ''}`));
    if (kind === 'basic') {
      return { ...authorizationHint(described('HTTP basic: user and password'), 'Basic', 'BASIC_AUTH'), note: 'BASIC_AUTH is the base64 of user:password' };
    }
    return {
      description: described(`HTTP ${kind}`),
      note: `falcon test cannot compute ${kind} authentication; a header that the API accepts instead can be passed with -H`,
      sentIn: hasHeader('authorization'),
    };
  }
  if (type === 'oauth2') return { ...bearerHint(described('OAuth 2 access token')), note: 'API_TOKEN is an access token obtained from its OAuth 2 flow' };
  if (type === 'openidconnect')
    return { ...bearerHint(described('OpenID Connect token')), note: 'API_TOKEN is a token obtained from its OpenID Connect provider' };
  if (type === 'mutualtls')
    return { description: described('a TLS client certificate'), note: 'falcon test cannot present a client certificate', sentIn: () => false };
  return {
    description: described(scheme.type),
    note: `falcon test knows no way to send ${scheme.type} credentials; a header that the API accepts can be passed with -H`,
    sentIn: hasHeader('authorization'),
  };
}

function apiKeyHint(where: string, keyName: string, described: (what: string) => string): SchemeHint {
  const variable = variableNameFor(keyName);
  if (where === 'query') {
    return {
      description: described(`an API key in query parameter ${keyName}`),
      note: `falcon test has no option to add a query parameter to every request; if the API also takes the key in a header, pass that with -H`,
      sentIn: (request) => queryHas(request.url, keyName),
    };
  }
  if (where === 'cookie') {
    return {
      description: described(`an API key in cookie ${keyName}`),
      header: { name: 'Cookie', value: `${keyName}={{${variable}}}`, variable },
      sentIn: (request) => cookieHas(request, keyName),
    };
  }
  return {
    description: described(`an API key in header ${keyName}`),
    header: { name: keyName, value: `{{${variable}}}`, variable },
    sentIn: hasHeader(keyName),
  };
}

function bearerHint(description: string): SchemeHint {
  return authorizationHint(description, 'Bearer', 'API_TOKEN');
}

function authorizationHint(description: string, prefix: string, variable: string): SchemeHint {
  return { description, header: { name: 'Authorization', value: `${prefix} {{${variable}}}`, variable }, sentIn: hasHeader('authorization') };
}

function hasHeader(name: string): (request: RecordedRequest) => boolean {
  const wanted = name.toLowerCase();
  return (request) => Object.entries(request.headers).some(([header, value]) => header.toLowerCase() === wanted && value.trim() !== '');
}

function cookieHas(request: RecordedRequest, name: string): boolean {
  return Object.entries(request.headers).some(
    ([header, value]) => header.toLowerCase() === 'cookie' && value.split(';').some((pair) => pair.trim().startsWith(`${name}=`)),
  );
}

function queryHas(url: string, name: string): boolean {
  try {
    return new URL(url).searchParams.has(name);
  } catch {
    return false;
  }
}
