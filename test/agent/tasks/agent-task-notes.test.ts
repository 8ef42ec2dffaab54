import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../../src/agent/agent.js';
import type { AgentEvent } from '../../../src/agent/events.js';
import { createToolRegistry } from '../../../src/kit/tool/tool-registry.js';
import { defineTool } from '../../../src/kit/tool/tool.js';
import { SessionStore } from '../../../src/workspace/session-store.js';
import { VariableScope } from '../../../src/workspace/variable-scope.js';
import { ScriptedModel, type ScriptStep } from '../../support/scripted-model.js';

let project: string;
let finishJob: () => void;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-agent-tasks-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

/** Starts a background job that writes a line and ends when the test calls `finishJob`. */
const startJob = defineTool({
  name: 'start_job',
  description: 'Starts a job in the background.',
  schema: z.strictObject({}),
  kind: 'long',
  async run(_args, ctx) {
    const task = ctx.tasks!.start({
      kind: 'test',
      label: 'build the docs',
      run: ({ write, signal }) =>
        new Promise<void>((resolve, reject) => {
          write('built 12 pages\n');
          finishJob = resolve;
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    });
    return `started ${task.id}`;
  },
});

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  schema: z.strictObject({ text: z.string() }),
  kind: 'read',
  run: async ({ text }) => text,
});

function makeAgent(steps: ScriptStep[]) {
  const model = new ScriptedModel(steps);
  const session = SessionStore.create<AgentEvent>(project);
  const variables = new VariableScope(project, {});
  const agent = new Agent({
    projectRoot: project,
    falconHome: path.join(project, '.home'),
    tools: createToolRegistry([startJob, echo]),
    systemPrompt: 'You are a test.',
    session,
    variables,
    secrets: variables.secrets,
    createModel: () => model,
    limits: { maxTurns: 10, observationLimit: 2000 },
  });
  const events: AgentEvent[] = [];
  agent.subscribe((event) => events.push(event));
  return { agent, model, events, session };
}

const taskEnds = (events: AgentEvent[]) => events.filter((event) => event.type === 'task_end');

describe('the end of a background task', () => {
  it('during a run: the model is told before its next call', async () => {
    const { agent, model, events } = makeAgent([
      'ACTION: start_job({})',
      async () => {
        finishJob();
        await expect.poll(() => taskEnds(events).length).toBe(1);
        return 'ACTION: echo({"text": "meanwhile"})';
      },
      'Final Answer: the docs are built',
    ]);
    await agent.send('build the docs in the background');
    // Consecutive user messages reach the model as one.
    const [observation, note] = model.seen[2]!.at(-1)!.content.split('\n\n');
    expect(observation).toBe('Observation: meanwhile');
    expect(note).toMatch(/^\[Background task t1 completed after [\d.]+ m?s: build the docs\]\nIts last lines:\nbuilt 12 pages\n/);
    expect(taskEnds(events)[0]).toMatchObject({ task: { id: 't1', state: 'completed', label: 'build the docs' } });
    expect(agent.tasks).toMatchObject([{ id: 't1', state: 'completed' }]);
  });

  it('between runs: the event comes at once, the note with the next message, before it', async () => {
    const { agent, model, events, session } = makeAgent(['ACTION: start_job({})', 'Final Answer: started', 'Final Answer: noted']);
    await agent.send('start it');
    finishJob();
    await expect.poll(() => taskEnds(events).length).toBe(1);
    expect(events.at(-1)).toMatchObject({ type: 'task_end', task: { id: 't1', state: 'completed' } });
    await agent.send('and now?');
    const [note, message] = model.seen[2]!.at(-1)!.content.split('\n\n');
    expect(note).toMatch(/^\[Background task t1 completed/);
    expect(message).toBe('and now?');
    // Told once.
    expect(session.messages.filter((message) => message.content.startsWith('[Background')).length).toBe(1);
  });

  it('ends with the session: dispose stops a running task', async () => {
    const { agent, events } = makeAgent(['ACTION: start_job({})', 'Final Answer: started']);
    await agent.send('start it');
    expect(agent.tasks).toMatchObject([{ id: 't1', state: 'running' }]);
    await agent.dispose();
    expect(agent.tasks).toMatchObject([{ id: 't1', state: 'stopped' }]);
    expect(taskEnds(events)).toMatchObject([{ task: { id: 't1', state: 'stopped' } }]);
  });
});
