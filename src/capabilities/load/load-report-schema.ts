import { z } from 'zod';
import { LATENCY_METRICS } from '../../engines/perf/perf-scenario.js';

// What the dashboard reads of a load report's JSON. A file copied in from CI or another version
// may lack a field the page draws: it is refused with the field named, never drawn half. Fields
// the page does not read are let through.

const figure = z.number().finite();
const count = z.number().int().min(0);
const text = z.string();

export const perfReportSchema = z.looseObject({
  target: text,
  model: z.enum(['closed', 'open']),
  duration_s: figure,
  requests: z.looseObject({
    total: count,
    ok: count,
    failed: count,
    by_status: z.record(text, count),
    late: count.default(0),
    errors: z.looseObject({ timeout: count, refused: count, reset: count, other: count }),
  }),
  rps: figure,
  latency_ms: z.looseObject(Object.fromEntries(LATENCY_METRICS.map((metric) => [metric, figure])) as Record<(typeof LATENCY_METRICS)[number], typeof figure>),
  thresholds: z.array(z.looseObject({ expr: text, ok: z.boolean(), actual: figure })),
  timeline: z.array(z.looseObject({ t: figure, rps: figure, p95: figure, errors: count })),
  bytes: z.looseObject({ sent: count, received: count }),
  histogram: z.array(z.looseObject({ le_ms: figure, count })),
  load: z.looseObject({ connections: count, rate: figure.optional(), stages: text.optional(), workers: count }),
  interrupted: z.boolean().optional(),
  protocol: z.literal('websocket').optional(),
});
