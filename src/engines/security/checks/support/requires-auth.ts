import type { SpecOperation } from '../../../spec/spec-format.js';

/** The spec says the operation needs credentials: it has a security requirement and no empty (anonymous) alternative. */
export function requiresAuth(operation: SpecOperation): boolean {
  return operation.security.length > 0 && operation.security.every((alternative) => Object.keys(alternative).length > 0);
}
