import type { SpecOperation } from '../../../../engines/spec/spec-format.js';
import type { Identity } from '../identity.js';
import type { ScanExchange } from '../scan-exchange.js';
import type { SecurityCheck } from '../security-check.js';
import { isNamedAdmin, type OwnView, readOwnView } from './support/users.js';
import { forOwnTenant, proveTenantSwap, tenantInputs } from './support/tenancy.js';
import type { ScanContext } from '../scan-context.js';
import { administrativeReason, isSelfPath } from './support/operations.js';
import { administrativeRequest } from './bfla/administrative-request.js';
import { isGranted } from './bfla/granted-answer.js';
import { pathParameterNames } from '../../../../engines/testing/path-template.js';
import { sendProbe } from './support/probes.js';

/** One administrative operation called as one identity. */
interface AdministrativeCall {
  operation: SpecOperation;
  reason: string;
  identity: Identity;
  exchange: ScanExchange;
  /** Called for the caller's own tenant (its `orgId`): the tenant's own operation, which its members may be allowed. */
  ownTenant: boolean;
}

/**
 * API5 broken function level authorization. Calls each administrative operation (see
 * administrativeReason) as every identity, changing nothing that is not the caller's own; an
 * identity named like an administrator, or one let in where another is refused (401/403), is an
 * administrator. An ordinary identity let in (see isGranted) proves it: high. An operation of one
 * tenant (`GET /admin/audit?orgId=`) is called for the caller's own, which its members may be
 * allowed: it is proven by an ordinary user reaching another tenant's data by its id in the query, a
 * header or the body.
 */
export const bflaCheck: SecurityCheck = {
  title: 'Broken function level authorization',
  owasp: 'API5:2023',
  cwe: 'CWE-285',
  proof: "an administrative operation answers 2xx to an ordinary user's token",
  remediation: "Check the caller's role or permission on every administrative operation, on the server.",
  runOrder: 110,
  async run(ctx) {
    if (ctx.identities.length === 0) {
      ctx.note("bfla: needs an ordinary user's credentials (--user or --token) to call administrative operations with; skipped");
      return;
    }
    const operations = ctx.operations.flatMap((operation) => {
      const reason = administrativeReason(operation);
      return reason ? [{ operation, reason }] : [];
    });
    if (operations.length === 0) {
      ctx.note(
        'bfla: no operation looks administrative (tagged admin, under /admin, named admin or manage, an admin scope, or changing roles); nothing to check',
      );
      return;
    }
    const calls: AdministrativeCall[] = [];
    const viewers: OwnView[] = [];
    for (const identity of ctx.identities) {
      const viewer = await readOwnView(ctx, identity, (operation) => isSelfPath(operation.path) && pathParameterNames(operation.path).length === 0);
      viewers.push(viewer);
      for (const { operation, reason } of operations) {
        const request = administrativeRequest(ctx, operation, viewer);
        if ('skipped' in request) {
          if (identity === ctx.identities[0]) ctx.note(`bfla: ${operation.method} ${operation.path} was not called: ${request.skipped}`);
          continue;
        }
        const own = forOwnTenant(ctx, operation, request, viewer);
        const exchange = await sendProbe(ctx, own.request, identity);
        if (exchange) calls.push({ operation, reason, identity, exchange, ownTenant: own.ownTenant });
      }
    }
    const administrators = administratorsAmong(ctx.identities, calls);
    const ordinary = ctx.identities.filter((identity) => !administrators.has(identity));
    if (ordinary.length === 0) {
      ctx.note(
        `bfla: every user given is an administrator (${ctx.identities.map((identity) => identity.name).join(', ')}); give an ordinary user's credentials too`,
      );
      return;
    }
    for (const { operation } of operations) {
      const granted = calls.filter((candidate) => candidate.operation === operation && ordinary.includes(candidate.identity) && isGranted(candidate.exchange));
      const call = granted.find((candidate) => !candidate.ownTenant);
      if (!call) {
        noteOwnTenantGrants(ctx, operation, granted);
        continue;
      }
      ctx.report({
        severity: 'high',
        operation: { method: operation.method, path: operation.path },
        title: `${call.identity.name}, an ordinary user, is let into an administrative operation (${call.reason}): HTTP ${call.exchange.response.status}`,
        exchange: call.exchange,
      });
    }
    await reportTenantSwaps(ctx, operations, viewers, ordinary);
  },
};

/**
 * An administrative operation of the user's own tenant (`GET /admin/audit?orgId=`) that takes
 * another tenant's id from an ordinary user and answers that tenant's data: high (see proveTenantSwap).
 */
async function reportTenantSwaps(
  ctx: ScanContext,
  operations: ReadonlyArray<{ operation: SpecOperation }>,
  viewers: readonly OwnView[],
  ordinary: readonly Identity[],
): Promise<void> {
  const views = viewers.filter((view) => view.identity && ordinary.includes(view.identity));
  if (views.length < 2) return;
  for (const { operation } of operations) {
    for (const input of tenantInputs(operation, ctx)) {
      const proof = await proveTenantSwap(ctx, operation, input, views);
      if (proof) ctx.report({ severity: 'high', operation: { method: operation.method, path: operation.path }, ...proof });
    }
  }
}

function noteOwnTenantGrants(ctx: ScanContext, operation: SpecOperation, granted: readonly AdministrativeCall[]): void {
  if (granted.length === 0) return;
  const inputs = tenantInputs(operation, ctx).map((input) => input.name);
  ctx.note(
    `bfla: ${operation.method} ${operation.path} answers ${granted.map((call) => call.identity.name).join(', ')} for their own ${inputs.join(', ')}: ` +
      "an operation of one's own tenant, which its members may be allowed; only another tenant's data for its id is reported",
  );
}

/** Identities named like administrators, and those let into an operation that refused another identity. */
function administratorsAmong(identities: readonly Identity[], calls: readonly AdministrativeCall[]): Set<Identity> {
  const administrators = new Set(identities.filter((identity) => isNamedAdmin(identity)));
  for (const call of calls) {
    const refusedOther = calls.some(
      (other) => other.operation === call.operation && other.identity !== call.identity && [401, 403].includes(other.exchange.response.status),
    );
    if (refusedOther && isGranted(call.exchange)) administrators.add(call.identity);
  }
  return administrators;
}
