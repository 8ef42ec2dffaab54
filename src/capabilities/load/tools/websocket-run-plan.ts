import { DEFAULT_CONNECTIONS, DEFAULT_DURATION_MS } from '../../../engines/perf/plan-scenario.js';
import { parseDuration } from '../../../engines/perf/parse-duration.js';
import { PerfUsageError } from '../../../engines/perf/perf-usage-error.js';
import type { ThresholdSpec } from '../../../engines/perf/perf-scenario.js';
import { parseThreshold } from '../../../engines/perf/thresholds.js';
import type { WebSocketLoadOptions } from '../../../engines/perf/websocket-load.js';
import { ToolError, type ToolContext } from '../../../kit/tool/tool.js';
import { scopeForEnvironment } from '../../../kit/tool-support/environment-scope.js';
import { maskText } from '../../../safety/mask-text.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import type { PerfRunArgs } from './perf-run-plan.js';

const MESSAGE_TIMEOUT_MS = 10_000;

/** The arguments of an HTTP load, which mean nothing for a WebSocket one: refused rather than ignored. */
const HTTP_ONLY = ['request', 'operations', 'method', 'body', 'rate', 'stages'] as const;

export interface WebSocketRunPlan {
  variables: VariableScope;
  /** The URL as given, masked: what the preview and the report name. */
  target: string;
  load: Omit<WebSocketLoadOptions, 'signal'>;
  thresholds: ThresholdSpec[];
}

/** What a call with a ws(s):// url would run, fully checked: `falcon perf --ws` with the tool's arguments. */
export async function planWebSocketRun(args: PerfRunArgs, ctx: ToolContext): Promise<WebSocketRunPlan> {
  const refused = HTTP_ONLY.filter((name) => args[name] !== undefined);
  if (refused.length > 0) throw new ToolError(`a ws:// or wss:// url loads WebSocket messages: leave out ${refused.join(', ')}`);
  if (args.requests !== undefined && args.duration !== undefined) throw new ToolError('give either duration or requests, not both');
  const variables = await scopeForEnvironment(args.env, ctx);
  try {
    const { url, headers } = await variables.resolveDeep({ url: args.url!.trim(), headers: args.headers ?? {} });
    const thresholds = (args.thresholds ?? []).map(parseThreshold);
    return {
      variables,
      target: maskText(url, { secrets: ctx.secrets }),
      thresholds,
      load: {
        url,
        headers,
        ...(args.subprotocols && { subprotocols: args.subprotocols }),
        connections: args.connections ?? DEFAULT_CONNECTIONS,
        ...(args.requests === undefined
          ? { durationMs: args.duration === undefined ? DEFAULT_DURATION_MS : parseDuration(args.duration, 'duration') }
          : { messages: args.requests }),
        message: args.message ?? {},
        timeoutMs: MESSAGE_TIMEOUT_MS,
        thresholds,
      },
    };
  } catch (error) {
    if (error instanceof PerfUsageError) throw new ToolError(maskText(error.message.replace(/--threshold\b/g, 'thresholds'), { secrets: ctx.secrets }));
    throw error;
  }
}
