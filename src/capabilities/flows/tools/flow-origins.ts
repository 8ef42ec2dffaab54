// A flow may send many requests; the user is asked once, before it starts, about every origin its
// steps name that is not the API under test (in a folder that is not trusted, that one too). Where a
// step's request really goes is checked again when it is sent (flow-step-guard.ts): a value an earlier
// step extracted may have moved it.
import { isWaitStep, isWebSocketStep, type Flow, type FlowRequest } from '../../../engines/flow-files/flow-format.js';
import { loadSavedRequest } from '../../../workspace/saved-requests.js';
import type { VariableScope } from '../../../workspace/variable-scope.js';
import type { Preview } from '../../../kit/tool/preview.js';
import type { ToolContext } from '../../../kit/tool/tool.js';
import { type ApiOrigin, apiOrigin, originOf, repositoryChose, secretsCarried } from '../../../kit/tool-support/request-origin.js';

/** Where a flow's requests go, by origin: the steps (from 1) and what they carry. */
interface OutgoingSteps {
  steps: number[];
  carries: unknown[];
}

/** A request step as the flow writes it: its origin, undefined when only the run can tell (a URL from a response). */
interface PlannedStep {
  origin: string | undefined;
  request: FlowRequest;
}

/** Each request step's origin as the flow writes it (by step index), before any step has run. */
export async function plannedStepOrigins(flow: Flow, variables: VariableScope, projectRoot: string): Promise<Map<number, PlannedStep>> {
  const scope = flowScope(flow, variables);
  const planned = new Map<number, PlannedStep>();
  for (const [index, step] of flow.steps.entries()) {
    if (isWaitStep(step)) continue;
    // A WebSocket step is asked about as a request to the server it upgrades from.
    const request = isWebSocketStep(step) ? { url: step.websocket.url, headers: step.websocket.headers } : await requestOf(step.request, projectRoot);
    if (!request) continue; // the run names the saved request it cannot load
    planned.set(index, { origin: await originOfUrl(request.url, scope), request });
  }
  return planned;
}

/** The confirmation a flow needs: none when every request it names goes to the API under test of a trusted folder. */
export async function flowOriginPreview(flow: Flow, name: string, variables: VariableScope, ctx: ToolContext): Promise<Preview | undefined> {
  const api = await apiOrigin(ctx.projectRoot, ctx.variables);
  const asked = new Map<string, OutgoingSteps>();
  // A URL known only when the flow runs is listed, and asked about when its step is sent.
  const later = new Map<string, OutgoingSteps>();
  for (const [index, { origin, request }] of await plannedStepOrigins(flow, variables, ctx.projectRoot)) {
    if (origin === api?.origin && ctx.trustedProject) continue;
    const [map, key] = origin === undefined ? [later, `${request.url} (known only when the flow runs; asked when it is sent)`] : [asked, origin];
    const entry = map.get(key) ?? { steps: [], carries: [] };
    entry.steps.push(index + 1);
    entry.carries.push(request);
    map.set(key, entry);
  }
  if (asked.size === 0) return undefined;
  const origins = [...asked.keys()];
  const carries = [...asked.values()].flatMap((entry) => entry.carries);
  const fromEnvironment = (await flowScope(flow, variables).environmentVariablesIn(carries)).map((name) => `{{env:${name}}}`);
  const carried = [...new Set([...secretsCarried(carries), ...fromEnvironment])];
  const single = origins.length === 1 ? origins[0] : undefined;
  const onlyApi = single !== undefined && single === api?.origin;
  const others = origins.length + later.size;
  return {
    kind: 'info',
    title: `run flow "${name}" with requests to ${single !== undefined && later.size === 0 ? single : `${others} ${ctx.trustedProject ? 'other ' : ''}origins`}`,
    details: [
      `${heading(api, ctx.trustedProject)}:`,
      ...[...asked, ...later].map(([origin, entry]) => `  ${origin}: step${entry.steps.length > 1 ? 's' : ''} ${entry.steps.join(', ')}`),
      carried.length ? `They carry: ${carried.join(', ')}.` : 'They carry no credentials Falcon knows of.',
      'A step that earlier steps send elsewhere is asked about when it is sent.',
      'Approve only if you meant Falcon to talk to these origins.',
    ].join('\n'),
    // A URL known only when the flow runs cannot be named in advance, so "always" is offered only without one.
    ...(later.size === 0 && { always: { kind: 'origins' as const, origins } }),
    ...(onlyApi && { firstContact: { key: single, coveredByYes: fromEnvironment.length === 0 } }),
  };
}

function heading(api: ApiOrigin | undefined, trusted: boolean): string {
  if (!api) return 'Not the API under test — no active environment has a BASE_URL, so every origin is asked about';
  if (!trusted) return `The API under test, ${api.origin}, is ${repositoryChose(api)}; the flow sends to`;
  return `Not the API under test — the API under test is ${api.origin} (BASE_URL of the "${api.environment}" environment)`;
}

/** The flow's `vars` over the caller's variables, as the run starts with them. */
function flowScope(flow: Flow, variables: VariableScope): VariableScope {
  return variables.withValues(Object.fromEntries(Object.entries(flow.vars ?? {}).map(([key, value]) => [key, String(value)])));
}

async function requestOf(request: string | FlowRequest, projectRoot: string): Promise<FlowRequest | undefined> {
  if (typeof request !== 'string') return request;
  return loadSavedRequest(projectRoot, request).catch(() => undefined);
}

/**
 * The origin of a URL as the flow writes it. Only the part before the path is resolved: the path
 * may name values that earlier steps extract (`{{BASE_URL}}/orders/{{order_id}}`).
 */
async function originOfUrl(url: string, variables: VariableScope): Promise<string | undefined> {
  const beforePath = /^(?:[a-z][\w+.-]*:\/\/)?(?:\{\{[^}]*\}\}|[^/{])*/i.exec(url)?.[0] ?? url;
  const resolved = await variables.resolve(beforePath).catch(() => undefined);
  return resolved === undefined ? undefined : originOf(resolved);
}
