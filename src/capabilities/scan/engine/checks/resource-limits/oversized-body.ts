import type { ScanContext } from '../../scan-context.js';
import { isAuthPath, probedOperations } from '../support/operations.js';
import { isSuccess } from '../support/answers.js';
import { sendProbe } from '../support/probes.js';

/** 1.5 MiB: above the 1 MB most body parsers are set to, far above the 100 kB Express defaults to. */
const PADDING_CHARS = 1.5 * 1024 * 1024;
/** Create operations sent an oversized body at most: each one is a megabyte and a half, and may store it. */
const MAX_OPERATIONS = 3;

/**
 * The first few create operations (POSTs that only create: not logging in or signing up) sent as
 * the scanning user, their valid body with a PADDING_CHARS field added; a 2xx proves oversized
 * bodies are accepted. A 413, a 400 or a dropped connection passes. Without an identity nothing is
 * sent: the objects made must be the scanning user's own.
 */
export async function probeOversizedBodies(ctx: ScanContext): Promise<void> {
  const identity = ctx.identities[0];
  if (!identity) {
    ctx.note("resource_limits: oversized bodies were not tried: they are sent only as a --user or --token, so that what they create is that user's own");
    return;
  }
  const creates = probedOperations(ctx).filter(
    ({ operation, request }) => operation.method === 'POST' && !isAuthPath(operation.path) && isPlainObject(request.body),
  );
  for (const { operation, request } of creates.slice(0, MAX_OPERATIONS)) {
    const body = { ...(request.body as Record<string, unknown>), falcon_padding: 'x'.repeat(PADDING_CHARS) };
    const exchange = await sendProbe(ctx, { ...request, body }, identity);
    if (!exchange || !isSuccess(exchange.response.status)) continue;
    ctx.report({
      severity: 'low',
      operation,
      title: `${operation.method} ${operation.path} accepted a body of over ${(PADDING_CHARS / 1024 / 1024).toFixed(1)} MB (answered ${exchange.response.status}): request bodies are not size-limited`,
      exchange,
    });
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
