import type { ChatMessage } from '../../../llm/chat-message.js';
import type { ChatModel } from '../../../llm/chat-model.js';
import type { TestCase } from '../../../engines/testing/test-case.js';
import { braceTemplate, concretePath, pathParameterNames, servesPath } from './endpoint-path.js';
import { type ModelScenario, parseScenarioReply } from './scenario-reply.js';

/** Scenarios beyond this many are dropped: a suite for one endpoint, not a fuzzing run. */
export const MAX_MODEL_SCENARIOS = 12;
/** The first reply, and one more after telling the model what was wrong with it. */
const MAX_REPLIES = 2;

const INSTRUCTIONS = `You write HTTP test scenarios for one endpoint of a web API, from its code and one request sent to it.
Reply with one JSON array in a \`\`\`json fenced block, and nothing else. Each item:
{"name": "…", "request": {"method": "…", "path": "/…", "pathParams": {…}, "query": {…}, "headers": {…}, "body": …}, "expectStatus": [200]}
- Cover what the code shows the endpoint does: a valid request, each missing or invalid input it checks, an unknown id, missing credentials. At most ${MAX_MODEL_SCENARIOS} scenarios.
- path is relative to the API's base URL; {name} segments are filled from pathParams. Only fields you need.
- expectStatus: the statuses a correct endpoint answers, as its code and the probe show them.
- Credentials and other secrets only as {{NAME}} placeholders of the variables listed (e.g. "Authorization": "Bearer {{API_TOKEN}}"), never literal values.`;

export interface ScenarioRequest {
  model: ChatModel;
  method: string;
  /** The route's path pattern (`/users/:id`), which every scenario must be a request to. */
  path: string;
  /** What is known of the endpoint, as text: handler code, parameters, the probe (secrets masked). */
  facts: string;
  /** Names the scenarios may use as `{{NAME}}`. */
  variableNames: readonly string[];
  signal: AbortSignal;
}

export interface WrittenScenarios {
  cases: TestCase[];
  /** Items refused, each with why. */
  dropped: string[];
}

/** The model could not write a usable scenario; the message says why. */
export class ScenarioWritingError extends Error {
  override name = 'ScenarioWritingError';
}

/** Asks the model for scenarios as JSON, checks each, and keeps those that are requests to this endpoint. */
export async function writeScenarios(request: ScenarioRequest): Promise<WrittenScenarios> {
  const method = request.method.toUpperCase();
  const messages: ChatMessage[] = [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: describeTask(request) },
  ];
  let dropped: string[] = [];
  for (let replies = 1; replies <= MAX_REPLIES; replies++) {
    const { text } = await request.model.chat({ messages, signal: request.signal });
    const parsed = parseScenarioReply(text);
    dropped = [...parsed.problems];
    const kept: ModelScenario[] = [];
    for (const scenario of parsed.scenarios) {
      const problem = scenarioProblem(scenario, method, request.path);
      if (problem) dropped.push(`"${scenario.name}": ${problem}`);
      else kept.push({ ...scenario, request: { ...scenario.request, path: braceTemplate(scenario.request.path) } });
    }
    if (kept.length > MAX_MODEL_SCENARIOS) dropped.push(`${kept.length - MAX_MODEL_SCENARIOS} scenarios beyond the first ${MAX_MODEL_SCENARIOS}`);
    if (kept.length > 0) return { cases: toCases(kept.slice(0, MAX_MODEL_SCENARIOS), method), dropped };
    messages.push(
      { role: 'assistant', content: text },
      { role: 'user', content: `None of those scenarios can be used: ${dropped.join('; ')}. Reply again with the corrected JSON array only.` },
    );
  }
  throw new ScenarioWritingError(`the model wrote no usable scenario for ${method} ${request.path}: ${dropped.join('; ')} (after ${MAX_REPLIES} replies)`);
}

/** Why a scenario is not a request to the endpoint, if it is not. */
function scenarioProblem(scenario: ModelScenario, method: string, routePath: string): string | undefined {
  const { pathParams = {} } = scenario.request;
  const sent = concretePath(scenario.request.path, pathParams);
  if (scenario.request.method !== method || !servesPath(routePath, sent))
    return `${scenario.request.method} ${sent} is not a request to ${method} ${braceTemplate(routePath)}`;
  const unfilled = pathParameterNames(scenario.request.path).filter((name) => !(name in pathParams));
  return unfilled.length > 0 ? `its path has no value for ${unfilled.map((name) => `{${name}}`).join(', ')} in pathParams` : undefined;
}

function describeTask(request: ScenarioRequest): string {
  const names = request.variableNames.length > 0 ? request.variableNames.map((name) => `{{${name}}}`).join(', ') : 'none';
  return `Endpoint: ${request.method.toUpperCase()} ${braceTemplate(request.path)}\nVariables: ${names}\n\n${request.facts}`;
}

/** Ids made from the names, unique: `auto/unknown-id-is-404`. */
function toCases(scenarios: ModelScenario[], method: string): TestCase[] {
  const taken = new Set<string>();
  return scenarios.map((scenario) => {
    const base = `auto/${
      scenario.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'scenario'
    }`;
    let id = base;
    for (let suffix = 2; taken.has(id); suffix++) id = `${base}-${suffix}`;
    taken.add(id);
    const { pathParams, query, headers, body } = scenario.request;
    return {
      id,
      name: scenario.name,
      kind: 'custom',
      tags: ['auto_test'],
      request: {
        method,
        path: scenario.request.path,
        ...(pathParams && { pathParams }),
        ...(query && { query }),
        ...(headers && { headers }),
        ...(body !== undefined && { body }),
      },
      expectStatus: scenario.expectStatus,
    };
  });
}
