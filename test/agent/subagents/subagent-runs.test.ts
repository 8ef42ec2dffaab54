// Sub-agents run by the Agent: their own conversation, prompt, tools and model; approvals through the
// session's confirmation; events wrapped in the parent's; nesting stops at depth 2.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../../src/agent/agent.js';
import type { AgentOptions } from '../../../src/agent/agent-options.js';
import type { ModelChoice } from '../../../src/agent/session-models.js';
import type { AgentEvent } from '../../../src/agent/events.js';
import type { SubagentProfile } from '../../../src/agent/subagents/subagent-profile.js';
import type { ChatRequest } from '../../../src/llm/chat-model.js';
import { createToolRegistry } from '../../../src/kit/tool/tool-registry.js';
import { createRetryTool } from '../../../src/agent/retry-tool.js';
import { subagentTool } from '../../../src/capabilities/tasks/tools/subagent.js';
import { defineTool } from '../../../src/kit/tool/tool.js';
import { SessionStore } from '../../../src/workspace/session-store.js';
import { VariableScope } from '../../../src/workspace/variable-scope.js';
import { isCheckpointRequest, ScriptedModel, type ScriptStep } from '../../support/scripted-model.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-subagents-'));
});
afterEach(() => rm(project, { recursive: true, force: true }));

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  schema: z.strictObject({ text: z.string() }),
  kind: 'read',
  run: async ({ text }) => `echo: ${text}`,
});

const notes: string[] = [];
const writeNote = defineTool({
  name: 'write_note',
  description: 'Writes a note after confirmation.',
  schema: z.strictObject({ note: z.string() }),
  kind: 'write',
  preview: async ({ note }) => ({ kind: 'diff', path: `${note}.md`, diff: `+${note}`, isNew: true }),
  run: async ({ note }) => {
    notes.push(note);
    return `wrote ${note}`;
  },
});

const profile = (name: string, tools: string[], model?: 'quick' | 'deep'): SubagentProfile => ({
  name,
  description: `the ${name}`,
  tools,
  ...(model && { model }),
  prompt: `You are ${name}.`,
  source: 'built-in',
});

const PROFILES = [
  profile('reader', ['echo']),
  profile('writer', ['write_note']),
  profile('nester', ['subagent', 'echo']),
  profile('quickie', ['echo'], 'quick'),
];

interface Harness {
  agent: Agent;
  events: AgentEvent[];
  session: SessionStore<AgentEvent>;
}

function makeAgent(models: (choice: ModelChoice) => ScriptedModel, options: Partial<AgentOptions> = {}): Harness {
  const session = SessionStore.create<AgentEvent>(project);
  const variables = new VariableScope(project, {});
  const agent = new Agent({
    projectRoot: project,
    falconHome: path.join(project, '.home'),
    tools: createToolRegistry([subagentTool, echo, writeNote]),
    systemPrompt: 'You are the main agent.',
    session,
    variables,
    secrets: variables.secrets,
    createModel: (choice) => models(choice),
    limits: { maxTurns: 10, observationLimit: 4000 },
    subagents: {
      profiles: { profiles: PROFILES, problems: [] },
      prompt: async (offered, tools) => `ROLE ${offered.prompt} TOOLS ${tools.map((tool) => tool.name).join(',')}`,
    },
    ...options,
  });
  const events: AgentEvent[] = [];
  agent.subscribe((event) => events.push(event));
  return { agent, events, session };
}

/** The events of sub-agent `label`, unwrapped, deltas left out. */
const eventsOf = (events: AgentEvent[], label: string) => events.flatMap((event) => (event.type === 'subagent' && event.agent === label ? [event.event] : []));

describe('a sub-agent run', () => {
  it('has its own conversation: its prompt and its task, none of the parent’s history', async () => {
    const model = new ScriptedModel([
      'ACTION: subagent({"agent": "reader", "task": "echo hello and report"})',
      'Thought: echo it.\nACTION: echo({"text": "hello"})',
      'Final Answer: it said echo: hello',
      'Final Answer: the reader heard hello',
    ]);
    const { agent, events, session } = makeAgent(() => model);
    const summary = await agent.send('delegate the echo');
    expect(summary.answer).toBe('the reader heard hello');

    const [, first, second] = model.seen;
    expect(first).toEqual([
      { role: 'system', content: 'ROLE You are reader. TOOLS echo', stablePrefix: true },
      { role: 'user', content: 'echo hello and report' },
    ]);
    expect(second!.at(-1)).toEqual({ role: 'user', content: 'Observation: echo: hello' });
    expect(model.observations()).toEqual(['Observation: reader#1 answered:\n\nit said echo: hello']);
    // The sub-agent's messages stay out of the session's history; its events are kept, wrapped.
    expect(agent.history.map((message) => message.content).join('\n')).not.toContain('Observation: echo: hello');
    expect(eventsOf(events, 'reader#1').map((event) => event.type)).toEqual([
      'run_start',
      'turn_start',
      'context_window',
      'usage',
      'thought',
      'tool_call',
      'tool_result',
      'turn_start',
      'usage',
      'answer',
      'run_end',
    ]);
    const recorded = (await readFile(session.file, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(recorded.filter((record) => record.kind === 'event' && record.event.type === 'subagent' && record.event.event.type === 'tool_result')).toHaveLength(
      1,
    );
    // Its tokens count for the session, on a line of its own.
    expect(agent.usage.total.inputTokens).toBe(40);
    expect(agent.usage.lines.map(({ label, calls, inputTokens }) => [label, calls, inputTokens])).toEqual([
      ['session', 2, 20],
      ['reader#1', 2, 20],
    ]);
  });

  it('cannot call a tool its profile does not list, even one the session would approve', async () => {
    const model = new ScriptedModel([
      'ACTION: subagent({"agent": "reader", "task": "write a note"})',
      'ACTION: write_note({"note": "sneaky"})',
      'Final Answer: I cannot write notes',
      'Final Answer: done',
    ]);
    const { agent, events } = makeAgent(() => model);
    agent.subscribe((event) => {
      if (event.type === 'confirmation_required') agent.respond(event.id, true);
    });
    await agent.send('go');
    expect(model.seen[2]!.at(-1)!.content).toBe('Observation: Error: unknown tool "write_note". Available tools: echo.');
    expect(notes).not.toContain('sneaky');
    expect(events.some((event) => event.type === 'confirmation_required')).toBe(false);
  });

  it('cannot reach a tool outside its profile through retry', async () => {
    const saved: string[] = [];
    const saveFact = defineTool({
      name: 'save_fact',
      description: 'Saves a fact without asking.',
      schema: z.strictObject({ fact: z.string() }),
      kind: 'write',
      run: async ({ fact }) => {
        saved.push(fact);
        return 'saved';
      },
    });
    const sessionTools = [subagentTool, echo, saveFact];
    const retry = createRetryTool((name) => sessionTools.find((tool) => tool.name === name));
    const model = new ScriptedModel([
      'ACTION: subagent({"agent": "retrier", "task": "save a fact"})',
      'ACTION: retry({"tool": "save_fact", "args": {"fact": "planted"}, "max_attempts": 1})',
      'Final Answer: could not',
      'Final Answer: done',
    ]);
    const { agent } = makeAgent(() => model, {
      tools: createToolRegistry([...sessionTools, retry]),
      subagents: { profiles: { profiles: [profile('retrier', ['echo', 'retry'])], problems: [] }, prompt: async () => 'ROLE' },
      // save_fact asks nothing: only the sub-agent's registry stands between retry and it.
      permissions: { mode: 'ask', allow: [], deny: [] },
    });
    await agent.send('go');
    expect(saved).toEqual([]);
    expect(model.seen[2]!.at(-1)!.content).toMatch(/unknown tool "save_fact"/);
  });

  it('asks through the session’s confirmation, naming the sub-agent, and reads the answer', async () => {
    const model = new ScriptedModel([
      'ACTION: subagent({"agent": "writer", "task": "write notes a and b"})',
      'ACTION: write_note({"note": "approved-note"})',
      'ACTION: write_note({"note": "declined-note"})',
      'Final Answer: wrote one of two',
      'Final Answer: done',
    ]);
    const { agent, events } = makeAgent(() => model);
    agent.subscribe((event) => {
      if (event.type === 'confirmation_required') agent.respond(event.id, event.title.includes('approved-note'));
    });
    await agent.send('go');
    const asked = events.filter((event) => event.type === 'confirmation_required');
    expect(asked.map((event) => event.type === 'confirmation_required' && event.title)).toEqual([
      'writer#1: create approved-note.md',
      'writer#1: create declined-note.md',
    ]);
    expect(notes).toContain('approved-note');
    expect(notes).not.toContain('declined-note');
    expect(model.seen[3]!.at(-1)!.content).toMatch(/^Observation: The user declined create declined-note\.md\. Nothing was changed\./);
  });

  it('asks one confirmation at a time when sub-agents in parallel both ask', async () => {
    const writes: ScriptStep = async (request: ChatRequest) =>
      request.messages.at(-1)!.content.startsWith('Observation:')
        ? 'Final Answer: written'
        : `ACTION: write_note({"note": "${request.messages.at(-1)!.content}"})`;
    const quick = new ScriptedModel(Array(4).fill(writes));
    const main = new ScriptedModel([
      'ACTION: subagent({"tasks": [{"agent": "writer", "task": "one"}, {"agent": "writer", "task": "two"}]})',
      'Final Answer: both written',
    ]);
    const writerOnQuick = [profile('writer', ['write_note'], 'quick')];
    const { agent, events } = makeAgent((choice) => (choice.model === 'small' ? quick : main), {
      modelRoutes: { quick: { model: 'small' } },
      subagents: { profiles: { profiles: writerOnQuick, problems: [] }, prompt: async () => 'writer' },
    });
    let open = 0;
    let mostOpen = 0;
    agent.subscribe((event) => {
      if (event.type !== 'confirmation_required') return;
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      setTimeout(() => {
        open -= 1;
        agent.respond(event.id, true);
      }, 20);
    });
    expect((await agent.send('write both')).answer).toBe('both written');
    expect(events.filter((event) => event.type === 'confirmation_required')).toHaveLength(2);
    expect(mostOpen).toBe(1);
    expect(notes).toEqual(expect.arrayContaining(['one', 'two']));
    const order = events.filter((event) => event.type === 'confirmation_required' || event.type === 'confirmation_resolved').map((event) => event.type);
    expect(order).toEqual(['confirmation_required', 'confirmation_resolved', 'confirmation_required', 'confirmation_resolved']);
  });

  it('nests at most 2 deep: a sub-agent’s sub-agent may not start another', async () => {
    const model = new ScriptedModel([
      'ACTION: subagent({"agent": "nester", "task": "level 1"})',
      'ACTION: subagent({"agent": "nester", "task": "level 2"})',
      'ACTION: subagent({"agent": "nester", "task": "level 3"})',
      'Final Answer: level 2 could not go deeper',
      'Final Answer: level 1 heard: level 2 could not go deeper',
      'Final Answer: done',
    ]);
    const { agent, events } = makeAgent(() => model);
    await agent.send('nest');
    expect(model.seen[2]![1]).toEqual({ role: 'user', content: 'level 2' });
    expect(model.seen[3]!.at(-1)!.content).toBe(
      'Observation: Error: Sub-agents nest at most 2 deep, and this one is at depth 2: it cannot start another. ' +
        'Do the task with your own tools, or say in your Final Answer what is left to do.',
    );
    const nested = events.find((event) => event.type === 'subagent' && event.event.type === 'subagent');
    expect(nested).toMatchObject({ agent: 'nester#1', event: { type: 'subagent', agent: 'nester#2', event: { type: 'run_start', input: 'level 2' } } });
    expect(model.observations().at(-1)).toBe('Observation: nester#1 answered:\n\nlevel 1 heard: level 2 could not go deeper');
  });

  it('reports a run that hits its turn limit with what it said last', async () => {
    const model = new ScriptedModel([
      'ACTION: subagent({"agent": "reader", "task": "loop"})',
      'ACTION: echo({"text": "1"})',
      'ACTION: echo({"text": "2"})',
      'Thought: one more.\nACTION: echo({"text": "3"})',
      'Final Answer: it got stuck',
    ]);
    const { agent, events } = makeAgent(() => model, { limits: { maxTurns: 3, observationLimit: 4000 } });
    const summary = await agent.send('go');
    expect(summary.answer).toBe('it got stuck');
    expect(model.observations()[0]).toBe(
      'Observation: Error: reader#1 stopped after 3 turns, its limit, without a Final Answer. What it said last:\n\nThought: one more.\nACTION: echo({"text": "3"})',
    );
    expect(events.find((event) => event.type === 'tool_result' && event.name === 'subagent')).toMatchObject({ ok: false });
  });

  it('is cancelled with the run', async () => {
    const hangs: ScriptStep = (request) =>
      new Promise((_resolve, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    const model = new ScriptedModel(['ACTION: subagent({"agent": "reader", "task": "wait"})', hangs]);
    const { agent, events } = makeAgent(() => model);
    agent.subscribe((event) => {
      if (event.type === 'subagent' && event.event.type === 'turn_start') agent.cancel();
    });
    expect((await agent.send('go')).reason).toBe('cancelled');
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ name: 'subagent', output: 'Cancelled by the user.' });
  });
});

describe('model routing', () => {
  it('runs a profile on its category’s model and the rest on the session’s', async () => {
    const main = new ScriptedModel(['ACTION: subagent({"tasks": [{"agent": "quickie", "task": "q"}, {"agent": "reader", "task": "r"}]})', 'Final Answer: ok']);
    const quick = new ScriptedModel(['Final Answer: from quick']);
    const reader = new ScriptedModel(['Final Answer: from the session model']);
    const chosen: ModelChoice[] = [];
    let sessionModels = 0;
    const { agent } = makeAgent(
      (choice) => {
        chosen.push(choice);
        if (choice.model === 'small') return quick;
        sessionModels += 1;
        return sessionModels === 1 ? main : reader;
      },
      { modelChoice: { provider: 'local' }, modelRoutes: { quick: { model: 'small' } } },
    );
    await agent.send('go');
    expect(main.observations()[0]).toContain('from quick');
    expect(main.observations()[0]).toContain('from the session model');
    expect(chosen).toEqual([{ provider: 'local' }, { provider: 'local', model: 'small' }, { provider: 'local' }]);
  });

  it('gives tools the routed model, and the session’s where a category is unset', () => {
    const main = new ScriptedModel([]);
    const deep = new ScriptedModel([]);
    const { agent } = makeAgent((choice) => (choice.provider === 'big' ? deep : main), { modelRoutes: { deep: { provider: 'big' } } });
    expect(agent.modelFor('deep')).toBe(deep);
    expect(agent.modelFor('deep')).toBe(deep);
    expect(agent.modelFor('quick')).toBe(main);
  });

  it('writes compaction checkpoints with the quick model', async () => {
    const summaries: string[] = [];
    const quick = new ScriptedModel([], {
      summarize: () => {
        summaries.push('quick');
        return '<summary>Goal: read files.</summary>';
      },
    });
    const reads = Array.from({ length: 3 }, (_, index) => `ACTION: echo({"text": "${'x'.repeat(3000)}${index}"})`);
    const main = new ScriptedModel([...reads, 'Final Answer: ok'], { summarize: () => 'main should not summarize' });
    const { agent } = makeAgent((choice) => (choice.model === 'small' ? quick : main), { modelRoutes: { quick: { model: 'small' } } });
    await agent.send('read');
    const compaction = await agent.compact();
    expect(compaction?.method).toBe('summary');
    expect(summaries).toEqual(['quick']);
    expect(main.summaryRequests).toHaveLength(0);
    expect(quick.summaryRequests.length).toBe(1);
    expect(isCheckpointRequest({ messages: quick.summaryRequests[0]! })).toBe(true);
  });
});
