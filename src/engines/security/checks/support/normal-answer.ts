import type { ScanContext } from '../../scan-context.js';
import type { ScanExchange } from '../../scan-exchange.js';
import type { ProbedOperation } from './probed-operations.js';
import { sendProbe } from './send-probe.js';

/** What an operation answers to its valid request, sent as is: the control a probe's answer is compared with. */
export interface NormalAnswer {
  exchanges: ScanExchange[];
  /** The median time of the answers. */
  medianMs: number;
}

/** Sends the valid request `count` times; undefined when one got no answer. */
export async function normalAnswer(ctx: ScanContext, target: ProbedOperation, count: number): Promise<NormalAnswer | undefined> {
  const exchanges: ScanExchange[] = [];
  for (let sent = 0; sent < count; sent++) {
    const exchange = await sendProbe(ctx, target.request, target.identity);
    if (!exchange) return undefined;
    exchanges.push(exchange);
  }
  const durations = exchanges.map((exchange) => exchange.response.durationMs).sort((a, b) => a - b);
  return { exchanges, medianMs: durations[Math.floor(durations.length / 2)]! };
}
