import type { SpecOperation } from '../../../../../engines/spec/spec-format.js';
import { asObject } from '../../../../../engines/spec/json-values.js';
import type { FindingDraft, ScanContext } from '../../scan-context.js';
import { jsonBody, type ScanExchange, type ScanRequest } from '../../scan-exchange.js';
import { hasData, isSuccess, ownerDataIn } from './answers.js';
import { requestProperties } from './objects.js';
import { readsByName } from './operations.js';
import { fieldNameOf, isIdLike, ownValues } from './own-values.js';
import { plainRequest, sendProbe } from './probes.js';
import { isNamedAdmin, type OwnView, ownRequest } from './users.js';
import { sendStep } from '../../replay/replay-step.js';

/** An input outside the path that may choose whose data an operation acts on: `?orgId=`, `X-Tenant-ID:`, `{"accountId": …}`. */
export interface TenantInput {
  in: 'query' | 'header' | 'body';
  name: string;
}

const PLACE: Record<TenantInput['in'], string> = { query: 'the query parameter', header: 'the header', body: 'the body field' };

/**
 * The operation's inputs outside its path named like an owner or an object's id (not a bare `id`):
 * query and header parameters of a GET, and body fields of a POST that only reads by its name
 * (`POST /reports/search`). A write is left alone: swapping its owner would change someone's data.
 */
export function tenantInputs(operation: SpecOperation, ctx: ScanContext): TenantInput[] {
  const named = (name: string) => isIdLike(name) && fieldNameOf(name) !== 'id';
  if (operation.method === 'GET') {
    return operation.parameters
      .filter((parameter) => (parameter.in === 'query' || parameter.in === 'header') && named(parameter.name))
      .map((parameter) => ({ in: parameter.in as 'query' | 'header', name: parameter.name }));
  }
  if (operation.method !== 'POST' || !readsByName(operation)) return [];
  return [...(requestProperties(operation, ctx.spec)?.writable ?? [])].filter(named).map((name) => ({ in: 'body' as const, name }));
}

/**
 * Proves that `operation` lets one user choose another's tenant through `input`: for each owner and
 * other user (not named like an administrator) whose own answers give different values for it
 * (see ownValues), the owner's request with the owner's value answers the owner's data, the same
 * request as the other user answers that data too, while the other user's own value answers it
 * something else (the negative control) and no credentials do not get it (it is not public). The
 * draft of the first proof, or undefined.
 */
export async function proveTenantSwap(
  ctx: ScanContext,
  operation: SpecOperation,
  input: TenantInput,
  views: readonly OwnView[],
): Promise<Pick<FindingDraft, 'title' | 'exchange' | 'exposed' | 'replay'> | undefined> {
  for (const owner of views.filter((view) => view.identity)) {
    for (const other of views.filter((view) => view !== owner && view.identity && !isNamedAdmin(view.identity))) {
      const ownerValue = ownValues(owner, input.name)[0];
      const otherValues = ownValues(other, input.name).map(String);
      const otherValue = otherValues[0];
      if (ownerValue === undefined || otherValue === undefined || otherValues.includes(String(ownerValue))) continue;
      const ownerRequest = withInput(ownRequest(ctx, owner, operation) ?? plainRequest(ctx, operation), input, ownerValue);
      if (!ownerRequest) continue;
      const ownerExchange = await sendProbe(ctx, ownerRequest, owner.identity);
      const ownerBody = await dataOf(ownerExchange);
      if (!ownerExchange || !hasData(ownerBody)) continue;
      const exchange = await sendProbe(ctx, ownerRequest, other.identity);
      if (!exchange || !isSuccess(exchange.response.status) || !ownerDataIn(ownerBody, jsonBody(exchange.response), ownerValue)) continue;
      const control = withInput(ownRequest(ctx, other, operation) ?? ownerRequest, input, otherValue);
      const controlExchange = control && (await sendProbe(ctx, control, other.identity));
      const controlBody = await dataOf(controlExchange);
      if (!controlExchange || controlBody === undefined || ownerDataIn(ownerBody, controlBody, ownerValue)) continue;
      const anonymousBody = await dataOf(await sendProbe(ctx, ownerRequest, undefined));
      if (anonymousBody !== undefined && ownerDataIn(ownerBody, anonymousBody, ownerValue)) continue;
      const [ownerName, otherName] = [owner.identity!.name, other.identity!.name];
      return {
        title: `${otherName} sends ${ownerName}'s ${input.name} (${String(ownerValue)}) in ${PLACE[input.in]} and ${ownerName}'s data comes back; with its own ${input.name} it gets its own`,
        exchange,
        exposed: `${input.in} ${input.name}`,
        replay: [
          sendStep(`${ownerName} asks for their own ${input.name}: their data`, ownerExchange),
          sendStep(`${otherName} asks for ${ownerName}'s ${input.name}: ${ownerName}'s data comes back`, exchange),
          sendStep(`${otherName} asks for their own ${input.name}: their own data, not ${ownerName}'s`, controlExchange),
        ],
      };
    }
  }
  return undefined;
}

/**
 * The request with each of the operation's tenant inputs set to the viewer's own value (see
 * ownValues), so an administrative operation of one's own tenant (`GET /admin/audit?orgId=`) is
 * called for the caller's own; `ownTenant` when it has such inputs and the viewer's answers gave each.
 */
export function forOwnTenant(ctx: ScanContext, operation: SpecOperation, request: ScanRequest, view: OwnView): { request: ScanRequest; ownTenant: boolean } {
  const inputs = tenantInputs(operation, ctx);
  let own = request;
  for (const input of inputs) {
    const value = ownValues(view, input.name)[0];
    const withOwn = value === undefined ? undefined : withInput(own, input, value);
    if (!withOwn) return { request, ownTenant: false };
    own = withOwn;
  }
  return { request: own, ownTenant: inputs.length > 0 };
}

/** The JSON body of a 2xx answer; undefined for no answer or any other status. */
async function dataOf(exchange: ScanExchange | undefined): Promise<unknown> {
  return exchange && isSuccess(exchange.response.status) ? jsonBody(exchange.response) : undefined;
}

function withInput(request: ScanRequest | undefined, input: TenantInput, value: string | number): ScanRequest | undefined {
  if (!request) return undefined;
  if (input.in === 'query') return { ...request, query: { ...request.query, [input.name]: value } };
  if (input.in === 'header') {
    const headers = Object.entries(request.headers ?? {}).filter(([name]) => name.toLowerCase() !== input.name.toLowerCase());
    return { ...request, headers: { ...Object.fromEntries(headers), [input.name]: String(value) } };
  }
  const body = asObject(request.body);
  return body ? { ...request, body: { ...body, [input.name]: value } } : undefined;
}
