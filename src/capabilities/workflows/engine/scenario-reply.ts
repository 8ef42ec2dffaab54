import { z } from 'zod';

const paramValue = z.union([z.string(), z.number(), z.boolean()]);

/** One scenario as the model writes it; unknown fields are dropped rather than refused. */
const scenarioSchema = z.object({
  name: z.string().trim().min(1).max(200),
  request: z.object({
    method: z.preprocess(
      (value) => (typeof value === 'string' ? value.toUpperCase() : value),
      z.string().regex(/^[A-Z]+$/, 'must be an HTTP method such as GET'),
    ),
    path: z.string().startsWith('/', 'must start with "/"'),
    pathParams: z.record(z.string(), paramValue).optional(),
    query: z.record(z.string(), z.union([paramValue, z.array(paramValue)])).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    body: z.unknown().optional(),
  }),
  expectStatus: z.preprocess((value) => (typeof value === 'number' ? [value] : value), z.array(z.number().int().min(100).max(599)).min(1)),
});

export type ModelScenario = z.infer<typeof scenarioSchema>;

export interface ScenarioReply {
  scenarios: ModelScenario[];
  /** Why each refused item was refused, and why the reply held none, if it did not. */
  problems: string[];
}

const FENCED = /```[\w-]*[ \t]*\n([\s\S]*?)\n?```/g;

/**
 * Reads a JSON array of scenarios (or `{"scenarios": [...]}`) out of a model's reply, from a
 * fenced block first, else from the outermost brackets; each item is checked on its own.
 */
export function parseScenarioReply(reply: string): ScenarioReply {
  const items = findItems(reply);
  if (!items.ok) return { scenarios: [], problems: [items.problem] };
  const scenarios: ModelScenario[] = [];
  const problems: string[] = [];
  items.value.forEach((item, index) => {
    const parsed = scenarioSchema.safeParse(item);
    if (parsed.success) scenarios.push(parsed.data);
    else problems.push(`scenario ${index + 1}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the item'}: ${issue.message}`).join('; ')}`);
  });
  if (items.value.length === 0) problems.push('the array of scenarios is empty');
  return { scenarios, problems };
}

function findItems(reply: string): { ok: true; value: unknown[] } | { ok: false; problem: string } {
  const candidates = [...reply.matchAll(FENCED)].map((match) => match[1] ?? '');
  const start = reply.search(/[[{]/);
  if (start >= 0) candidates.push(reply.slice(start, Math.max(reply.lastIndexOf(']'), reply.lastIndexOf('}')) + 1));
  let problem = 'the reply holds no JSON array of scenarios';
  for (const candidate of candidates) {
    let value: unknown;
    try {
      value = JSON.parse(candidate);
    } catch {
      problem = 'the JSON in the reply does not parse';
      continue;
    }
    const list = Array.isArray(value) ? value : (value as { scenarios?: unknown } | null)?.scenarios;
    if (Array.isArray(list)) return { ok: true, value: list };
    problem = 'the JSON in the reply is not an array of scenarios';
  }
  return { ok: false, problem };
}
