import type { FalconSpec, SecurityScheme, SpecOperation } from '../../spec/spec-format.js';

/** Where one credential goes, and (when Falcon can make one) a value for it that no server accepts. */
export interface CredentialPlace {
  in: 'header' | 'query' | 'cookie';
  name: string;
  scheme: string;
  invalid?: string;
}

export interface OperationCredentials {
  /** The scheme names of every alternative: `bearerAuth`, `apiKey`. */
  schemes: string[];
  /** Every place any alternative puts a credential: what a request without credentials leaves out. */
  places: CredentialPlace[];
  /** The first alternative Falcon can fill with invalid values, one value per scheme; absent when none. */
  invalid?: CredentialPlace[];
}

const INVALID_TOKEN = 'falcon-invalid-credential';

/**
 * Where the operation's credentials go, by its effective security (its own, else the document's).
 * Undefined when it needs none (no requirement, or an empty alternative making auth optional), and
 * when a scheme puts them where a request cannot simply leave them out: mutual TLS, an unknown
 * type, a scheme the document does not define.
 */
export function operationCredentials(operation: SpecOperation, spec: FalconSpec): OperationCredentials | undefined {
  const alternatives = operation.security;
  if (alternatives.length === 0 || alternatives.some((requirement) => Object.keys(requirement).length === 0)) return undefined;
  const schemes = [...new Set(alternatives.flatMap((requirement) => Object.keys(requirement)))];
  const byScheme = new Map<string, CredentialPlace>();
  for (const name of schemes) {
    const scheme = spec.securitySchemes[name];
    const place = scheme && credentialPlace(name, scheme);
    if (!place) return undefined;
    byScheme.set(name, place);
  }
  // One place per header (any case), query parameter or cookie: the first scheme that names it.
  const places = new Map<string, CredentialPlace>();
  for (const place of byScheme.values()) {
    const key = `${place.in} ${place.in === 'cookie' ? place.name : place.name.toLowerCase()}`;
    if (!places.has(key)) places.set(key, place);
  }
  const invalid = alternatives
    .map((requirement) => Object.keys(requirement).map((name) => byScheme.get(name)!))
    .find((alternative) => alternative.every((place) => place.invalid !== undefined));
  return { schemes, places: [...places.values()], ...(invalid && { invalid }) };
}

function credentialPlace(name: string, scheme: SecurityScheme): CredentialPlace | undefined {
  const type = scheme.type.toLowerCase();
  if (type === 'apikey') {
    const where = scheme.in?.toLowerCase();
    if ((where !== 'header' && where !== 'query' && where !== 'cookie') || !scheme.name) return undefined;
    return { in: where, name: scheme.name, scheme: name, invalid: INVALID_TOKEN };
  }
  if (type === 'oauth2' || type === 'openidconnect') return { in: 'header', name: 'Authorization', scheme: name, invalid: `Bearer ${INVALID_TOKEN}` };
  if (type !== 'http') return undefined;
  const kind = (scheme.scheme ?? '').toLowerCase();
  const invalid =
    kind === 'bearer'
      ? `Bearer ${INVALID_TOKEN}`
      : kind === 'basic'
        ? `Basic ${Buffer.from(`${INVALID_TOKEN}:${INVALID_TOKEN}`).toString('base64')}`
        : undefined;
  return { in: 'header', name: 'Authorization', scheme: name, ...(invalid && { invalid }) };
}
