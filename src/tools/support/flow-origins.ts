// A flow may send many requests; the user is asked once, before it starts, about every origin that
// is not the API under test — or that is known only when the flow runs (a URL from a response).
import { isWaitStep, type Flow, type FlowRequest } from '../../engines/flows/flow-format.js';
import { loadSavedRequest } from '../../workspace/saved-requests.js';
import type { VariableScope } from '../../workspace/variable-scope.js';
import type { Preview } from '../preview.js';
import type { ToolContext } from '../tool.js';
import { apiOrigin, originOf, secretsCarried } from './request-origin.js';

/** Where a flow's requests go, by origin: the steps (from 1) and what they carry. */
interface OutgoingSteps {
  steps: number[];
  carries: unknown[];
}

/** The confirmation a flow needs: none when every request goes to the API under test. */
export async function flowOriginPreview(flow: Flow, name: string, variables: VariableScope, ctx: ToolContext): Promise<Preview | undefined> {
  const api = await apiOrigin(ctx.projectRoot, ctx.variables);
  const scope = variables.withValues(Object.fromEntries(Object.entries(flow.vars ?? {}).map(([key, value]) => [key, String(value)])));
  const elsewhere = new Map<string, OutgoingSteps>();
  for (const [index, step] of flow.steps.entries()) {
    if (isWaitStep(step)) continue;
    const request = await requestOf(step.request, ctx.projectRoot);
    if (!request) continue; // the run names the saved request it cannot load
    const origin = (await originOfUrl(request.url, scope)) ?? `${request.url} (known only when the flow runs)`;
    if (origin === api?.origin) continue;
    const entry = elsewhere.get(origin) ?? { steps: [], carries: [] };
    entry.steps.push(index + 1);
    entry.carries.push(request);
    elsewhere.set(origin, entry);
  }
  if (elsewhere.size === 0) return undefined;
  const origins = [...elsewhere.keys()];
  const carried = secretsCarried([...elsewhere.values()].flatMap((entry) => entry.carries));
  const where = api
    ? `the API under test is ${api.origin} (BASE_URL of the "${api.environment}" environment)`
    : 'no active environment has a BASE_URL, so every origin is asked about';
  const single = origins.length === 1 && originOf(origins[0]!) !== undefined ? origins[0] : undefined;
  // An origin known only when the flow runs cannot be named in advance: such a flow is asked about each time.
  const named = origins.every((origin) => originOf(origin) === origin);
  return {
    kind: 'info',
    title: `run flow "${name}" with requests to ${single ?? `${origins.length} other origin${origins.length > 1 ? 's' : ''}`}`,
    details: [
      `Not the API under test — ${where}:`,
      ...[...elsewhere].map(([origin, entry]) => `  ${origin}: step${entry.steps.length > 1 ? 's' : ''} ${entry.steps.join(', ')}`),
      carried.length ? `They carry: ${carried.join(', ')}.` : 'They carry no credentials Falcon knows of.',
      'Approve only if you meant Falcon to talk to these origins.',
    ].join('\n'),
    ...(named && { always: { kind: 'origins' as const, origins } }),
  };
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
