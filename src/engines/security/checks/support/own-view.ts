import type { SpecOperation } from '../../../spec/spec-format.js';
import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import { jsonBody, type ScanExchange } from '../../scan-exchange.js';
import { isConsequentialPath } from './consequential-path.js';
import { type JsonRecord, recordsIn } from './json-records.js';
import { pathParameterNames } from '../../../testing/warnings/sent-path-values.js';
import { type PathValues, plainRequest } from './plain-request.js';
import { ownPathValues } from './profile-values.js';
import { requiresAuth } from './requires-auth.js';
import { isSuccess } from './same-data.js';
import { sendProbe } from './send-probe.js';
import { isSelfPath } from './self-path.js';

/** A 2xx answer to a GET of the spec, as one identity. */
export interface ViewedResponse {
  operation: SpecOperation;
  exchange: ScanExchange;
  /** Its JSON body, or undefined. */
  body: unknown;
}

/** What one identity (or no identity) sees of the API when it reads what it may: its lists, its profile. */
export interface OwnView {
  identity: Identity | undefined;
  responses: ViewedResponse[];
  /** The record a path about the caller (`/me`, `/profile`) answered with. */
  profile: JsonRecord | undefined;
}

/**
 * Sends, as the identity, each GET that needs no input but its own account: the ones without path
 * parameters, then the ones whose path parameters name the caller (`/users/{userId}/orders`, filled
 * from its profile). A GET that requires a query parameter is left alone: its input (a URL to
 * preview, a host to ping) may make the server act. So are paths that end a session or act
 * (`/logout`). No identity reads only the operations the spec leaves open; `include` narrows the
 * operations further.
 */
export async function readOwnView(ctx: ScanContext, identity: Identity | undefined, include: (operation: SpecOperation) => boolean = () => true): Promise<OwnView> {
  const readable = ctx.operations.filter(
    (operation) =>
      operation.method === 'GET' &&
      !isConsequentialPath(operation.path) &&
      !operation.parameters.some((parameter) => parameter.required && parameter.in !== 'path') &&
      (identity !== undefined || !requiresAuth(operation)) &&
      include(operation),
  );
  const view: OwnView = { identity, responses: [], profile: undefined };
  for (const operation of readable.filter((candidate) => pathParameterNames(candidate.path).length === 0)) {
    await read(ctx, view, operation, {});
  }
  view.profile = profileIn(view.responses);
  for (const operation of readable.filter((candidate) => pathParameterNames(candidate.path).length > 0)) {
    const own = ownPathValues(view, operation.path);
    if (pathParameterNames(operation.path).every((name) => own[name] !== undefined)) await read(ctx, view, operation, own);
  }
  return view;
}

/** The bodies the identity got at a path template. */
export function bodiesAt(view: OwnView, path: string): unknown[] {
  return view.responses.filter((response) => response.operation.path === path).map((response) => response.body);
}

async function read(ctx: ScanContext, view: OwnView, operation: SpecOperation, pathValues: PathValues): Promise<void> {
  const request = plainRequest(ctx, operation, pathValues);
  const exchange = request && (await sendProbe(ctx, request, view.identity));
  if (!exchange || !isSuccess(exchange.response.status)) return;
  view.responses.push({ operation, exchange, body: jsonBody(exchange.response) });
}

/** The record of the shortest path about the caller (`/me` before `/me/avatar`). */
function profileIn(responses: readonly ViewedResponse[]): JsonRecord | undefined {
  const own = responses.filter(({ operation, body }) => isSelfPath(operation.path) && !Array.isArray(body) && recordsIn(body).length === 1);
  own.sort((a, b) => a.operation.path.length - b.operation.path.length);
  return own[0] && recordsIn(own[0].body)[0];
}
