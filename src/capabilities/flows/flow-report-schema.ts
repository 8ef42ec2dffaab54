import { z } from 'zod';

// What the dashboard reads of a flow report's JSON. A file copied in from CI or another version
// may lack a field the page draws: it is refused with the field named, never drawn half. Fields
// the page does not read are let through.

const figure = z.number().finite();
const count = z.number().int().min(0);
const text = z.string();

const recordedRequestSchema = z.looseObject({ method: text, url: text, headers: z.record(text, text), body: text.optional() });
const headersSchema = z.record(text, z.union([text, z.array(text)]));

export const flowReportSchema = z.looseObject({
  name: text,
  file: text.optional(),
  passed: z.boolean(),
  durationMs: figure,
  startedAt: text,
  steps: z.array(
    z.looseObject({
      index: count,
      name: text,
      kind: z.enum(['request', 'wait', 'websocket']),
      row: z.looseObject({ index: count, values: z.record(text, text) }).optional(),
      outcome: z.enum(['passed', 'failed', 'skipped']),
      reason: text.optional(),
      status: count.optional(),
      durationMs: figure,
      attempts: count.optional(),
      request: recordedRequestSchema.optional(),
      response: z.looseObject({ status: count, headers: headersSchema, body: text }).optional(),
      failures: z.array(z.looseObject({ check: text, expected: text, actual: text })),
      extracted: z.array(text),
      curl: text.optional(),
      websocket: z
        .looseObject({
          url: text,
          protocol: text,
          sent: z.array(text),
          received: z.array(z.looseObject({ text, atMs: figure, matched: z.boolean() })),
          matched: count,
          count,
          withinMs: figure,
          schema: text.optional(),
        })
        .optional(),
    }),
  ),
});
