import type { PerfTarget } from '../../../engines/perf/perf-scenario.js';
import { buildPerfTarget } from '../../../engines/perf/perf-target.js';
import type { PerfScenario, ThresholdSpec } from '../../../engines/perf/perf-scenario.js';
import { PerfUsageError } from '../../../engines/perf/perf-usage-error.js';
import { planScenario } from '../../../engines/perf/plan-scenario.js';
import { maskText } from '../../../safety/mask-text.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import { ToolError, type ToolContext } from '../../../kit/tool/tool.js';
import { scopeForEnvironment } from '../../../kit/tool-support/environment-scope.js';

/** run_performance's arguments, as its schema gives them. */
export interface PerfRunArgs {
  url?: string;
  request?: string;
  operations?: string[];
  env?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Record<string, unknown> | unknown[];
  connections?: number;
  rate?: number;
  duration?: string;
  requests?: number;
  stages?: string;
  thresholds?: string[];
  /** With a ws(s):// url: each message's JSON object, and the subprotocols asked for (`websocket-run-plan.ts`). */
  message?: Record<string, unknown>;
  subprotocols?: string[];
}

export interface PerfRunPlan {
  /** The run's variables: the session's, in the environment `env` names. */
  variables: VariableScope;
  /** Its `target` masked, as the reports show it. */
  target: PerfTarget;
  scenario: PerfScenario;
  thresholds: ThresholdSpec[];
}

/** What a call would run, fully checked; every mistake the model can fix is a ToolError naming its arguments. */
export async function planPerfRun(args: PerfRunArgs, ctx: ToolContext): Promise<PerfRunPlan> {
  const given = [args.url !== undefined && 'url', args.request !== undefined && 'request', args.operations !== undefined && 'operations'].filter(Boolean);
  if (given.length !== 1) {
    const which = 'url (a URL), request (a saved request\'s name) or operations (spec operations such as ["listUsers=3", "GET /users/{id}"])';
    throw new ToolError(given.length === 0 ? `give what to load: ${which}` : `give one of ${which}, not ${given.join(' and ')}`);
  }
  const webSocketOnly = (['message', 'subprotocols'] as const).filter((name) => args[name] !== undefined);
  if (webSocketOnly.length > 0) throw new ToolError(`${webSocketOnly.join(' and ')} ${webSocketOnly.length === 1 ? 'goes' : 'go'} with a ws:// or wss:// url`);
  const variables = await scopeForEnvironment(args.env, ctx);
  try {
    const built = await buildPerfTarget({
      projectRoot: ctx.projectRoot,
      variables,
      url: args.url,
      request: args.request,
      operations: args.operations,
      method: args.method,
      headers: args.headers,
      body: typeof args.body === 'object' ? JSON.stringify(args.body) : args.body,
      signal: ctx.signal,
    });
    const target = { ...built, target: maskText(built.target, { secrets: ctx.secrets }) };
    const { connections, rate, duration, requests, stages, thresholds } = args;
    return { variables, target, ...planScenario({ connections, rate, duration, requests, stages, thresholds }, target) };
  } catch (error) {
    if (error instanceof PerfUsageError) throw new ToolError(maskText(argumentNames(error.message), { secrets: ctx.secrets }));
    throw error;
  }
}

/** The engine speaks in the command's options (`-c/--connections`, `--rate`); the model knows the arguments. */
function argumentNames(message: string): string {
  return message
    .replace(/-c\/--connections/g, 'connections')
    .replace(/--threshold\b/g, 'thresholds')
    .replace(/--([a-z]+)/g, '$1');
}
