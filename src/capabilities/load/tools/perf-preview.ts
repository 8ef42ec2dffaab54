import { formatDuration } from '../../../engines/perf/parse-duration.js';
import { formatStages } from '../../../engines/perf/parse-stages.js';
import type { PerfScenario } from '../../../engines/perf/perf-scenario.js';
import { formatCount } from '../../../engines/perf/report/perf-report-text.js';
import { maskText } from '../../../safety/mask-text.js';
import { loadSavedRequest } from '../../../workspace/saved-requests.js';
import type { Preview } from '../../../kit/tool/preview.js';
import { ToolError, type ToolContext } from '../../../kit/tool/tool.js';
import { type PerfRunArgs, type PerfRunPlan, planPerfRun } from './perf-run-plan.js';
import { planWebSocketRun, type WebSocketRunPlan } from './websocket-run-plan.js';
import { isWebSocketUrl } from './websocket-url.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import { apiOrigin, originOf, repositoryChose, secretsCarried } from '../../../kit/tool-support/request-origin.js';

const LISTED_REQUESTS = 6;

/**
 * A load test is always approved first: it puts load on a server. Approving a target at another
 * origin than the environment's BASE_URL is the user naming it, so the preview says which it is.
 * There is no "always": each load test is asked about.
 */
export async function perfPreview(args: PerfRunArgs, ctx: ToolContext): Promise<Preview> {
  const webSocket = isWebSocketUrl(args.url);
  const plan = await (webSocket ? planWebSocketRun(args, ctx) : planPerfRun(args, ctx)).catch((error: unknown) => {
    if (error instanceof ToolError) return error;
    throw error;
  });
  if (plan instanceof ToolError) {
    const what = args.url ?? (args.request !== undefined ? `request ${args.request}` : `operations ${(args.operations ?? []).join(', ')}`);
    return { kind: 'info', title: mask(`load test ${what}`, ctx), details: mask(`It cannot start as given: ${plan.message}`, ctx) };
  }
  const urls = 'load' in plan ? [plan.load.url] : plan.target.requests.map((request) => request.url);
  const origins = await originLines(urls, plan.variables, ctx);
  const details = [...origins.lines, ...('scenario' in plan ? requestLines(plan) : [])];
  if (origins.elsewhere || !ctx.trustedProject) {
    const carries = { url: args.url, headers: args.headers, body: args.body, message: args.message, saved: await savedRequest(args.request, ctx) };
    const fromEnvironment = (await plan.variables.environmentVariablesIn(carries)).map((name) => `{{env:${name}}}`);
    const carried = [...new Set([...secretsCarried(carries), ...fromEnvironment])];
    if (carried.length > 0) details.push(`It carries: ${carried.join(', ')}.`);
  }
  if (plan.thresholds.length > 0) details.push(`Thresholds: ${plan.thresholds.map((threshold) => threshold.expr).join(', ')}.`);
  details.push('Approve only if this server may take the load.');
  const title =
    'load' in plan ? `load test ${plan.target}: ${webSocketLoadSummary(plan.load)}` : `load test ${plan.target.target}: ${loadSummary(plan.scenario)}`;
  return { kind: 'info', title: mask(title, ctx), details: mask(details.join('\n'), ctx) };
}

/** `closed model, 10 connections, 10s`; `open model, 50 req/s (up to 10 connections), 10s`; stages as given. */
export function loadSummary(scenario: PerfScenario): string {
  const connections = `${formatCount(scenario.connections)} connection${scenario.connections === 1 ? '' : 's'}`;
  const parts = [`${scenario.model} model`];
  if (scenario.stages) parts.push(`stages ${formatStages(scenario.stages)} (${scenario.model === 'open' ? `req/s, up to ${connections}` : 'connections'})`);
  else if (scenario.model === 'open') parts.push(`${scenario.rate} req/s (up to ${connections})`);
  else parts.push(connections);
  if (scenario.requestCount !== undefined) parts.push(`${formatCount(scenario.requestCount)} requests`);
  else if (!scenario.stages && scenario.durationMs !== undefined) parts.push(formatDuration(scenario.durationMs));
  return parts.join(', ');
}

/** `WebSocket, 10 connections, 10s`; `WebSocket, 4 connections, 40 messages`. */
function webSocketLoadSummary(load: WebSocketRunPlan['load']): string {
  const connections = `${formatCount(load.connections)} connection${load.connections === 1 ? '' : 's'}`;
  const end = load.messages !== undefined ? `${formatCount(load.messages)} messages` : formatDuration(load.durationMs!);
  return `WebSocket, ${connections}, ${end}`;
}

/** A line per origin loaded (a WebSocket's is the HTTP server it upgrades from); `elsewhere` when one is not the API under test. */
async function originLines(urls: string[], variables: VariableScope, ctx: ToolContext): Promise<{ lines: string[]; elsewhere: boolean }> {
  const api = await apiOrigin(ctx.projectRoot, variables);
  const origins = [...new Set(urls.flatMap((url) => originOf(url) ?? []))];
  const lines = origins.map((origin) => {
    if (origin === api?.origin && !ctx.trustedProject) return `${origin} is ${repositoryChose(api)}: approving names it as this load test's target.`;
    if (origin === api?.origin) return `${origin} is the API under test (BASE_URL of the "${api.environment}" environment).`;
    const where = api
      ? `is not the API under test (BASE_URL of the "${api.environment}" environment is ${api.origin})`
      : 'cannot be checked against the API under test (no active environment has a BASE_URL)';
    return `${origin} ${where}: approving names it as this load test's target.`;
  });
  return { lines, elsewhere: origins.some((origin) => origin !== api?.origin) };
}

function requestLines(plan: PerfRunPlan): string[] {
  const { requests } = plan.target;
  if (requests.length < 2) return [];
  const listed = requests.slice(0, LISTED_REQUESTS).map((request) => `${request.label} ×${request.weight}`);
  return [`Requests by weight: ${listed.join(', ')}${requests.length > LISTED_REQUESTS ? `, and ${requests.length - LISTED_REQUESTS} more` : ''}.`];
}

async function savedRequest(name: string | undefined, ctx: ToolContext): Promise<unknown> {
  return name === undefined ? undefined : loadSavedRequest(ctx.projectRoot, name).catch(() => undefined);
}

function mask(text: string, ctx: ToolContext): string {
  return maskText(text, { secrets: ctx.secrets });
}
