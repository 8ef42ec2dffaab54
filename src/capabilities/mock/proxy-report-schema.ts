import { z } from 'zod';

// What the dashboard reads of a proxy report's JSON; fields the page does not read are let through.

const text = z.string();
const count = z.number().int().min(0);

export const proxyReportSchema = z.looseObject({
  format: z.literal('falcon-proxy-report/1'),
  spec: z.looseObject({ title: text, version: text, source: text }),
  target: text,
  startedAt: text,
  endedAt: text,
  exchanges: count,
  operations: z.record(text, count),
  mismatches: z.array(
    z.looseObject({ at: text, method: text, path: text, operationId: text.optional(), status: z.number().int().optional(), check: text, message: text }),
  ),
});
