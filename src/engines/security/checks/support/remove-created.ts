import type { Identity } from '../../identity.js';
import type { ScanContext } from '../../scan-context.js';
import { type PathValues, plainRequest } from './plain-request.js';
import { isSuccess } from './same-data.js';
import { sendProbe } from './send-probe.js';

/**
 * Deletes, as its creator, an object a check created at `path` (an item path such as
 * `/orders/{orderId}`), when --allow-destructive allows a DELETE and the spec has one; otherwise
 * notes that it was left.
 */
export async function removeCreated(ctx: ScanContext, rule: string, path: string, pathValues: PathValues, creator: Identity | undefined): Promise<void> {
  const remove = ctx.operations.find((operation) => operation.method === 'DELETE' && operation.path === path);
  const request = remove && ctx.allowDestructive ? plainRequest(ctx, remove, pathValues) : undefined;
  const exchange = request && (await sendProbe(ctx, request, creator));
  if (exchange && isSuccess(exchange.response.status)) return;
  const filled = path.replace(/\{([^{}]+)\}/g, (whole, name: string) => String(pathValues[name] ?? whole));
  ctx.note(`${rule}: left ${filled}, which it created as ${creator?.name ?? 'no user'}${remove ? (ctx.allowDestructive ? ' (its DELETE failed)' : ' (deleting it needs --allow-destructive)') : ''}`);
}
