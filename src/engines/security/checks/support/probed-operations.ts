import type { SpecOperation } from '../../../spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import type { ScanRequest } from '../../scan-exchange.js';
import { administrativeReason } from './administrative-operation.js';
import { isConsequentialPath } from './consequential-path.js';
import { isSelfPath } from './self-path.js';

/** Imports and exports move the user's own data (and are where file names and URLs go): a payload there is harmless. */
const OWN_DATA_TRANSFER = /^(imports?|exports?)$/i;
/** Body fields a user logs in with: a request that changes them could lock the user, and the scan, out. */
const LOGIN_FIELD = /(password|passwd|email|username|login|token|secret)$/i;

/** An operation a check may probe: its valid request, and who to send it as. */
export interface ProbedOperation {
  operation: SpecOperation;
  request: ScanRequest;
  /** The first identity given, so that operations behind a login are reached; none when none was given. */
  identity?: Identity;
}

/**
 * The operations whose valid request can be sent again with a payload in it and do no harm: GETs;
 * POSTs that search, log in or create the user's own data, not administrative ones; PUT and PATCH
 * of the user's own account (`/me/avatar`) that leave its login alone, others only with
 * --allow-destructive; never DELETE. Never a path that logs out, pays, sends or resets either.
 */
export function probedOperations(ctx: ScanContext): ProbedOperation[] {
  const identity = ctx.identities[0];
  return ctx.operations.flatMap((operation) => {
    const request = ctx.validRequest(operation);
    return request && isHarmlessToProbe(operation, request, ctx.allowDestructive) ? [{ operation, request, ...(identity && { identity }) }] : [];
  });
}

function isHarmlessToProbe(operation: SpecOperation, request: ScanRequest, allowDestructive: boolean): boolean {
  if (operation.method === 'GET') return true;
  const path = operation.path.split('/').filter((segment) => !OWN_DATA_TRANSFER.test(segment)).join('/');
  if (isConsequentialPath(path) || administrativeReason(operation) !== undefined) return false;
  if (operation.method === 'POST') return true;
  if (operation.method !== 'PUT' && operation.method !== 'PATCH') return false;
  return allowDestructive || (isSelfPath(operation.path) && !changesLogin(request));
}

function changesLogin(request: ScanRequest): boolean {
  return typeof request.body === 'object' && request.body !== null && Object.keys(request.body).some((field) => LOGIN_FIELD.test(field));
}
