import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../src/agent/agent.js';
import type { AgentEvent } from '../../src/agent/events.js';
import { SecretRegistry } from '../../src/safety/secret-registry.js';
import { createToolRegistry } from '../../src/kit/tool/tool-registry.js';
import { defineTool } from '../../src/kit/tool/tool.js';
import { SessionStore } from '../../src/workspace/session-store.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { ScriptedModel } from '../support/scripted-model.js';

const SECRET = 'Zq8Lm3vN-x0Tk9wR';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-agent-secrets-'));
});
afterEach(() => rm(project, { recursive: true, force: true }));

// A tool that resolves a {{env:…}} placeholder and reports what an API echoed back, as http_request would.
const echoApi = defineTool({
  name: 'echo_api',
  description: 'Sends a value and shows the echo.',
  schema: z.strictObject({ value: z.string(), pad: z.number().int().optional() }),
  kind: 'network',
  run: async ({ value, pad = 0 }, ctx) => {
    const sent = await ctx.variables.resolve(value);
    ctx.progress(`sent ${sent}`);
    const padding = '.'.repeat(pad);
    return `${padding}{"raw":"${sent}","b64":"${Buffer.from(sent).toString('base64')}","url":"${encodeURIComponent(sent)}"}${padding}`;
  },
});

function makeAgent(steps: string[], observationLimit = 4000) {
  const secrets = new SecretRegistry();
  const model = new ScriptedModel(steps);
  const session = SessionStore.create<AgentEvent>(project);
  const agent = new Agent({
    projectRoot: project,
    falconHome: path.join(project, '.home'),
    tools: createToolRegistry([echoApi]),
    systemPrompt: 'You are a test.',
    session,
    variables: new VariableScope(project, { API_TOKEN: SECRET }, undefined, secrets),
    secrets,
    createModel: () => model,
    limits: { maxTurns: 5, observationLimit },
  });
  const events: AgentEvent[] = [];
  agent.subscribe((event) => events.push(event));
  return { agent, model, session, events };
}

it('masks a secret an API echoes in every event, every message the model is sent, the session file and the answer', async () => {
  const { agent, model, session, events } = makeAgent([
    'Thought: send it.\nACTION: echo_api({"value": "{{env:API_TOKEN}}"})',
    `Final Answer: the API echoed ${SECRET}`,
  ]);
  const summary = await agent.send('check the echo');
  expect(summary.answer).toBe('the API echoed [masked:API_TOKEN]');
  const result = events.find((event) => event.type === 'tool_result');
  expect(result).toMatchObject({ output: '{"raw":"[masked:API_TOKEN]","b64":"[masked:API_TOKEN]","url":"[masked:API_TOKEN]"}' });
  expect(events.find((event) => event.type === 'tool_progress')).toMatchObject({ message: 'sent [masked:API_TOKEN]' });
  // Streamed deltas are masked one by one: a model can only split a secret across them by writing
  // one it was told by the user, as this scripted one does; the answer it makes is masked whole.
  expect(JSON.stringify(events.filter((event) => event.type !== 'text_delta'))).not.toContain(SECRET);
  expect(JSON.stringify(model.seen)).not.toContain(SECRET);
  expect(JSON.stringify(agent.history)).not.toContain(SECRET);
  const file = await readFile(session.file, 'utf8');
  expect(file).toContain('[masked:API_TOKEN]');
  expect(file).not.toContain(SECRET);
  expect(file).not.toContain(Buffer.from(SECRET).toString('base64'));
});

it('masks an observation before cutting it, so no part of a secret astride the cut shows', async () => {
  const limit = 2000;
  // The raw value starts six characters before the end of the head the cut keeps.
  const pad = limit - Math.floor(limit * 0.3) - '{"raw":"'.length - 6;
  const { agent, model } = makeAgent([`ACTION: echo_api({"value": "{{env:API_TOKEN}}", "pad": ${pad}})`, 'Final Answer: done'], limit);
  await agent.send('go');
  const observation = model.observations()[0] ?? '';
  expect(observation).toContain('[output truncated');
  expect(observation).not.toContain(SECRET.slice(0, 6));
});
