import { z } from 'zod';
import type { WebhookListener } from '../../../engines/webhooks/webhook-listener.js';
import { WebhookListenerError } from '../../../engines/webhooks/webhook-listeners.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { describeCapturedRequests } from './webhook-requests.js';

const DEFAULT_WAIT_SECONDS = 30;
const ONLY_FOR: Record<'path' | 'timeout_seconds', string> = { path: 'start', timeout_seconds: 'get_requests' };

const schema = z
  .strictObject({
    action: z.enum(['start', 'stop', 'get_requests']).describe('start a listener, stop it, or show the requests it received'),
    port: z
      .number()
      .int()
      .min(0, 'cannot be negative')
      .max(65_535, 'at most 65535')
      .optional()
      .describe('start: port to listen on (0 or absent: a free one); stop, get_requests: which listener, when several were started'),
    path: z.string().min(1).optional().describe('start: record only requests to this path, e.g. /webhooks/github (default: every path)'),
    timeout_seconds: z
      .number()
      .min(0, 'cannot be negative')
      .max(300, 'at most 300 (5 minutes)')
      .optional()
      .describe(`get_requests: when nothing has arrived yet, wait up to this many seconds for a request (default ${DEFAULT_WAIT_SECONDS})`),
  })
  .superRefine((args, ctx) => {
    for (const [field, action] of Object.entries(ONLY_FOR) as Array<[keyof typeof ONLY_FOR, string]>) {
      if (args[field] !== undefined && args.action !== action) {
        ctx.addIssue({ code: 'custom', path: [field], message: `only used by action "${action}"` });
      }
    }
  });

export const webhookListenerTool = defineTool({
  name: 'webhook_listener',
  description: 'Receive webhooks: a local server records the requests sent to it; read them; stop it.',
  schema,
  kind: 'network',
  readOnly: (args) => (args.action === 'get_requests' ? undefined : `${args.action === 'start' ? 'starts' : 'stops'} a listener`),
  async run(args, ctx) {
    const listeners = ctx.session.webhooks;
    try {
      switch (args.action) {
        case 'start': {
          const listener = await listeners.start({ port: args.port, path: args.path });
          const paths = listener.path ? `requests to ${listener.path}` : 'requests to any path';
          return [
            `Listening at ${listener.url} (port ${listener.port}; records ${paths}, any method; only this machine can reach it).`,
            'Point the webhook sender at that URL, then use get_requests to see what arrived (kept after stop).',
          ].join('\n');
        }
        case 'stop': {
          const listener = listeners.find(args.port);
          if (!listener.running) return `The listener at ${listener.url} was already stopped; ${countRequests(listener)} captured.`;
          await listener.stop();
          const ran = formatDuration(Date.now() - listener.startedAt.getTime());
          return `Stopped the listener at ${listener.url} after ${ran}: ${countRequests(listener)} captured (get_requests still shows them).`;
        }
        case 'get_requests': {
          const listener = listeners.find(args.port);
          const waitMs = (args.timeout_seconds ?? DEFAULT_WAIT_SECONDS) * 1000;
          if (listener.running && listener.requests.length === 0 && waitMs > 0) {
            ctx.progress(`waiting up to ${formatDuration(waitMs)} for a request at ${listener.url}`);
          }
          const started = performance.now();
          await listener.waitForRequest(waitMs, ctx.signal);
          return describeCapturedRequests(listener, Math.round(performance.now() - started));
        }
      }
    } catch (error) {
      if (error instanceof WebhookListenerError) throw new ToolError(error.message);
      throw error;
    }
  },
});

function countRequests(listener: WebhookListener): string {
  const count = listener.requests.length + listener.dropped;
  return `${count} request${count === 1 ? '' : 's'}`;
}
