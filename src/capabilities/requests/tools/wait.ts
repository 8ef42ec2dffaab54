import { delay } from '../../../delay.js';
import { z } from 'zod';
import { formatDuration } from '../../../engines/testing/report/report-text.js';
import { defineTool } from '../../../kit/tool/tool.js';

export const MAX_WAIT_MS = 10 * 60 * 1000;

const schema = z.strictObject({
  duration_ms: z
    .number()
    .int()
    .min(0, 'cannot be negative')
    .max(MAX_WAIT_MS, 'at most 600000 (10 minutes)')
    .describe('how long to wait, in milliseconds (at most 600000 = 10 minutes)'),
  reason: z.string().max(200).optional().describe('why, shown to the user (e.g. "rate limit resets", "job finishes")'),
});

export const waitTool = defineTool({
  name: 'wait',
  description: 'Pause, e.g. until a rate limit resets or a background job ends.',
  schema,
  kind: 'long',
  readOnly: true,
  async run(args, ctx) {
    const why = args.reason ? ` (${args.reason})` : '';
    ctx.progress(`waiting ${formatDuration(args.duration_ms)}${why}`);
    const started = performance.now();
    await delay(args.duration_ms, ctx.signal);
    return `Waited ${formatDuration(Math.round(performance.now() - started))}${why}.`;
  },
});
