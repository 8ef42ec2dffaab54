import { z } from 'zod';
import { defineTool } from '../../../kit/tool/tool.js';
import { urlTarget } from '../../../kit/tool/tool-target.js';
import type { ToolContext } from '../../../kit/tool/tool.js';
import type { PerfRunArgs } from './perf-run-plan.js';
import { isWebSocketUrl } from './websocket-url.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** ctx.progress at most this often: the runner reports four times a second. */
const PROGRESS_EVERY_MS = 1000;

const schema = z.strictObject({
  url: z
    .string()
    .min(1)
    .optional()
    .describe('absolute http(s) URL to load, or ws(s):// to load WebSocket messages; {{VAR}} resolved, e.g. "{{BASE_URL}}/users"'),
  request: z.string().min(1).optional().describe("instead of url: a saved request's name (.falcon/requests/NAME.yaml)"),
  operations: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe(
      'instead of url: spec operations (operationId, "GET /users/{id}", "/users*", "tag:users"), each with an optional weight "=N", e.g. ["listUsers=3", "getUser"]',
    ),
  env: z.string().min(1).optional().describe('the environment for {{VAR}} and BASE_URL in this run (default: the active one)'),
  // Models often write `get`; the case of a method name carries no meaning for the user.
  method: z
    .preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(METHODS))
    .optional()
    .describe('with url (default GET)'),
  headers: z.record(z.string(), z.string()).optional().describe('added to every request, e.g. {"Authorization": "Bearer {{API_TOKEN}}"}'),
  body: z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .optional()
    .describe('with url: an object or array is sent as JSON, a string as is'),
  connections: z.number().int().min(1).max(10_000).optional().describe('connections sending back to back (default 10); with rate, the most opened'),
  rate: z.number().min(0).optional().describe('requests per second at a constant arrival rate (the open model) instead'),
  duration: z.string().min(1).optional().describe('e.g. "30s", "2m" (default 10s)'),
  requests: z.number().int().min(1).optional().describe('stop after this many requests instead of a duration'),
  stages: z.string().min(1).optional().describe('ramps "duration:target,…", e.g. "10s:50,30s:50,10s:0": connections, or req/s with rate'),
  thresholds: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('limits that must hold, e.g. ["p95<200", "error_rate<0.01", "rps>500"]; latencies in ms: min mean p50 p90 p95 p99 p999 max'),
  message: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('with a ws:// url: the JSON object each message is (Falcon adds its "id"; a reply is the message with the same id)'),
  subprotocols: z.array(z.string().min(1)).min(1).optional().describe('with a ws:// url: the subprotocols to ask for, e.g. ["prices.v1"]'),
});

// Every call is approved first (perfPreview): a load test puts load on a server, wherever it is.
export const runPerformanceTool = defineTool({
  name: 'run_performance',
  description:
    'Load test a URL, a saved request or spec operations (req/s), or a WebSocket URL (messages and their replies): latency percentiles, errors, thresholds.',
  schema,
  kind: 'network',
  target: urlTarget('url'),
  callLimit: 3,
  async preview(args, ctx) {
    const { perfPreview } = await import('./perf-preview.js');
    return perfPreview(args, ctx);
  },
  async run(args, ctx) {
    if (isWebSocketUrl(args.url)) return runWebSocketPerformance(args, ctx);
    const [{ planPerfRun }, { runLoad }, { reportPerfRun }, { progressText }] = await Promise.all([
      import('./perf-run-plan.js'),
      import('../../../engines/perf/run-load.js'),
      import('./report-perf-run.js'),
      import('../../../engines/perf/report/progress-text.js'),
    ]);
    const { scenario, thresholds } = await planPerfRun(args, ctx);
    let reported = -PROGRESS_EVERY_MS;
    const running = runLoad(scenario, thresholds, {
      signal: ctx.signal,
      onProgress(progress) {
        if (progress.elapsedMs - reported < PROGRESS_EVERY_MS) return;
        reported = progress.elapsedMs;
        ctx.progress(progressText(progress));
      },
    });
    return reportPerfRun(running, ctx, args.request);
  },
});

/** A ws(s):// url: `falcon perf --ws` — messages each timed to the reply carrying its id. */
async function runWebSocketPerformance(args: PerfRunArgs, ctx: ToolContext): Promise<string> {
  const [{ planWebSocketRun }, { runWebSocketLoad }, { reportPerfRun }] = await Promise.all([
    import('./websocket-run-plan.js'),
    import('../../../engines/perf/websocket-load.js'),
    import('./report-perf-run.js'),
  ]);
  const plan = await planWebSocketRun(args, ctx);
  ctx.progress(`loading ${plan.target} over WebSocket`);
  const running = runWebSocketLoad({ ...plan.load, signal: ctx.signal }).then((result) => ({ ...result, target: plan.target }));
  return reportPerfRun(running, ctx);
}
