import type { SpecOperation } from '../../../../../engines/spec/spec-format.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanRequest } from '../../scan-exchange.js';
import { pathParameterNames } from '../../../../../engines/testing/path-template.js';
import { type OwnView, ownPathValues } from '../support/users.js';
import { plainRequest } from '../support/probes.js';
import { readsByName } from '../support/operations.js';
import { unchangedBody } from '../support/objects.js';

/**
 * How an administrative operation is called as the viewer without changing anyone else's data: a
 * GET as it is; a write that only reads by its name with its valid request; a write on the viewer's
 * own account (`PUT /users/{id}/role` with its own id) with the values its profile already holds.
 * Anything else, and any DELETE, only with --allow-destructive. The request, or why there is none.
 */
export function administrativeRequest(ctx: ScanContext, operation: SpecOperation, viewer: OwnView): ScanRequest | { skipped: string } {
  const own = ownPathValues(viewer, operation.path);
  const request = plainRequest(ctx, operation, own);
  if (!request) return { skipped: 'it has path parameters with no valid value' };
  if (operation.method === 'GET' || operation.method === 'HEAD' || ctx.allowDestructive) return request;
  if (operation.method === 'DELETE') return { skipped: 'a DELETE needs --allow-destructive' };
  if (readsByName(operation)) return request;
  const ownAccount = pathParameterNames(operation.path).every((name) => own[name] !== undefined);
  const body = ownAccount && viewer.profile ? unchangedBody(operation, ctx.spec, viewer.profile) : undefined;
  if (!body) return { skipped: "it would change data that is not the scanning user's own (--allow-destructive calls it)" };
  return { ...request, body };
}
