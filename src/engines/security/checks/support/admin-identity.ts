import type { Identity } from '../../identity.js';

const ADMIN_NAME = /admin|root|super-?user|staff|operator/i;

/** An identity named like an administrator (`admin`, `root`, `superuser`…), by its name or its login. */
export function isNamedAdmin(identity: Identity | undefined): boolean {
  return identity !== undefined && (ADMIN_NAME.test(identity.name) || ADMIN_NAME.test(identity.login?.username ?? ''));
}
