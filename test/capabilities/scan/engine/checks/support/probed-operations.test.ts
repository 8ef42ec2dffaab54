import { describe, expect, it } from 'vitest';
import { probedOperations } from '../../../../../../src/capabilities/scan/engine/checks/support/operations.js';
import type { ScanContext } from '../../../../../../src/capabilities/scan/engine/scan-context.js';
import type { SpecOperation } from '../../../../../../src/engines/spec/spec-format.js';

function operation(method: string, path: string, tags: string[] = []): SpecOperation {
  return { id: `${method} ${path}`, method, path, tags, parameters: [], responses: {}, security: [] };
}

const OPERATIONS = [
  operation('GET', '/products'),
  operation('POST', '/products/search'),
  operation('POST', '/auth/login'),
  operation('POST', '/exports'),
  operation('POST', '/auth/logout'),
  operation('POST', '/orders/{id}/cancel'),
  operation('POST', '/team/invite'),
  operation('POST', '/admin/users'),
  operation('PUT', '/me/avatar'),
  operation('PATCH', '/me'),
  operation('PUT', '/products/{id}'),
  operation('DELETE', '/products/{id}'),
];

/** The probed operations of a scan of OPERATIONS, whose valid requests change the login only at PATCH /me. */
function probed(allowDestructive: boolean): string[] {
  const ctx = {
    operations: OPERATIONS,
    identities: [{ name: 'alice', headers: { authorization: 'Bearer t' } }],
    allowDestructive,
    validRequest: ({ method, path }: SpecOperation) => ({
      method,
      path,
      ...(path === '/me' ? { body: { displayName: 'Alice', email: 'alice@example.com' } } : {}),
    }),
  } as unknown as ScanContext;
  return probedOperations(ctx).map((target) => `${target.operation.method} ${target.operation.path}${target.identity ? ` as ${target.identity.name}` : ''}`);
}

describe('probedOperations', () => {
  it("takes reads, searches, logins, creates and changes to the user's own account that leave its login alone, as the first identity", () => {
    expect(probed(false)).toEqual([
      'GET /products as alice',
      'POST /products/search as alice',
      'POST /auth/login as alice',
      'POST /exports as alice',
      'PUT /me/avatar as alice',
    ]);
  });

  it('adds other changes with --allow-destructive, never deletes, logouts, cancellations, invitations or administration', () => {
    expect(probed(true)).toEqual([
      'GET /products as alice',
      'POST /products/search as alice',
      'POST /auth/login as alice',
      'POST /exports as alice',
      'PUT /me/avatar as alice',
      'PATCH /me as alice',
      'PUT /products/{id} as alice',
    ]);
  });
});
