import type { Identity } from '../identity.js';

/** The variable a secret registered under `<kind> <name>` becomes in a curl line: `token of alice` → `TOKEN_OF_ALICE`. */
export function variableOf(kind: 'token of' | 'session of' | 'password of', identity: Identity): string {
  return `${kind} ${identity.name}`
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toUpperCase();
}
