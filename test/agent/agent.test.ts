import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../src/agent/agent.js';
import type { AgentEvent } from '../../src/agent/events.js';
import { defineTool, ToolError, type AnyTool } from '../../src/kit/tool/tool.js';
import { createToolRegistry } from '../../src/kit/tool/tool-registry.js';
import { SessionStore } from '../../src/workspace/session-store.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { ScriptedModel, untilAborted, type ScriptStep } from '../support/scripted-model.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-agent-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  schema: z.strictObject({ text: z.string(), times: z.number().int().optional() }),
  kind: 'read',
  run: async ({ text, times = 1 }) => Array(times).fill(text).join(' '),
});

const fails = defineTool({
  name: 'fails',
  description: 'Always fails.',
  schema: z.strictObject({ expected: z.boolean() }),
  kind: 'read',
  run: async ({ expected }) => {
    if (expected) throw new ToolError('the thing is not there');
    throw new TypeError('cannot read properties of undefined');
  },
});

const writes: string[] = [];
const writeNote = defineTool({
  name: 'write_note',
  description: 'Writes a note after confirmation.',
  schema: z.strictObject({ note: z.string() }),
  kind: 'write',
  preview: async ({ note }) => ({ kind: 'diff', path: 'NOTES.md', diff: `+${note}`, isNew: true }),
  run: async ({ note }) => {
    writes.push(note);
    return `wrote ${note}`;
  },
});

const waitsForAbort = defineTool({
  name: 'slow',
  description: 'Runs until cancelled.',
  schema: z.strictObject({}),
  kind: 'long',
  run: (_args, ctx) =>
    new Promise<string>((_resolve, reject) => {
      ctx.progress('started');
      ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason), { once: true });
    }),
});

interface Harness {
  agent: Agent;
  model: ScriptedModel;
  events: AgentEvent[];
  session: SessionStore<AgentEvent>;
}

function makeAgent(
  steps: ScriptStep[],
  options: { tools?: AnyTool[]; maxTurns?: number; toolLimits?: Record<string, number>; session?: SessionStore<AgentEvent>; observationLimit?: number } = {},
): Harness {
  const model = new ScriptedModel(steps);
  const session = options.session ?? SessionStore.create<AgentEvent>(project);
  const variables = new VariableScope(project, {});
  const agent = new Agent({
    projectRoot: project,
    falconHome: path.join(project, '.home'),
    tools: createToolRegistry(options.tools ?? [echo, fails, writeNote, waitsForAbort]),
    systemPrompt: 'You are a test.',
    session,
    variables,
    secrets: variables.secrets,
    createModel: () => model,
    limits: { maxTurns: options.maxTurns ?? 10, observationLimit: options.observationLimit ?? 2000 },
    toolLimits: options.toolLimits,
  });
  const events: AgentEvent[] = [];
  agent.subscribe((event) => events.push(event));
  return { agent, model, events, session };
}

const types = (events: AgentEvent[]) => events.filter((e) => e.type !== 'text_delta').map((e) => e.type);

describe('Agent run', () => {
  it('answers in one turn with the events of the contract, run_end last', async () => {
    const { agent, events } = makeAgent(['Thought: easy.\nFinal Answer: **42**']);
    const summary = await agent.send('what is the answer?');
    expect(summary).toMatchObject({ reason: 'answer', turns: 1, toolCalls: 0, answer: '**42**' });
    expect(types(events)).toEqual(['run_start', 'turn_start', 'context_window', 'usage', 'thought', 'answer', 'run_end']);
    expect(
      events
        .filter((e) => e.type === 'text_delta')
        .map((e) => e.text)
        .join(''),
    ).toContain('Final Answer: **42**');
    expect(events.at(-1)).toEqual({ type: 'run_end', reason: 'answer', turns: 1, toolCalls: 0 });
    expect(agent.usage.total.inputTokens).toBe(10);
  });

  it('runs a tool and gives the model its observation', async () => {
    const { agent, model, events } = makeAgent(['Thought: echo it.\nACTION: echo({"text": "hi", "times": 2})', 'Final Answer: done']);
    const summary = await agent.send('echo hi twice');
    expect(summary).toMatchObject({ reason: 'answer', turns: 2, toolCalls: 1 });
    expect(model.observations()).toEqual(['Observation: hi hi']);
    const result = events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ name: 'echo', ok: true, output: 'hi hi' });
    const call = events.find((e) => e.type === 'tool_call');
    expect(call).toMatchObject({ name: 'echo', args: { text: 'hi', times: 2 } });
    expect(agent.callCounts.get('echo')).toBe(1);
  });

  it('reports an unknown tool, then recovers', async () => {
    const { agent, model } = makeAgent(['ACTION: teleport({"to": "mars"})', 'ACTION: echo({"text": "ok"})', 'Final Answer: ok']);
    const summary = await agent.send('go');
    expect(summary.reason).toBe('answer');
    const [unknown, echoed] = model.observations();
    expect(unknown).toMatch(/unknown tool "teleport"/);
    expect(unknown).toMatch(/echo, fails, write_note, slow/);
    expect(echoed).toBe('Observation: ok');
  });

  it('runs only the first of several calls in a reply, and says so', async () => {
    const { agent, model, events } = makeAgent([
      'ACTION: echo({"text": "a"})\nACTION: echo({"text": "b"})\nACTION: fails({"expected": true})',
      'Final Answer: ok',
    ]);
    await agent.send('go');
    expect(events.filter((e) => e.type === 'tool_call')).toHaveLength(1);
    expect(model.observations()).toEqual([
      'Observation: a\n\nNote: your reply held 2 more tool calls (echo, fails) after echo; only echo ran. Write one ACTION per reply and wait for its Observation.',
    ]);
  });

  it('never answers with call framing it cannot read: the model reads what was wrong and the form, and is asked again', async () => {
    const framing = 'Let me look.\n<tool_call><tool_call><tool_call>';
    const { agent, model, events } = makeAgent([framing, 'ACTION: echo({"text": "ok"})', 'Final Answer: done']);
    const summary = await agent.send('go');
    expect(summary).toMatchObject({ reason: 'answer', answer: 'done', toolCalls: 1 });
    expect(events.filter((e) => e.type === 'answer')).toEqual([{ type: 'answer', text: 'done' }]);
    const unreadable = events.find((e) => e.type === 'call_unreadable');
    expect(unreadable).toEqual({ type: 'call_unreadable', reply: framing, problem: expect.stringContaining('<tool_call>') });
    const [asked, echoed] = model.observations();
    expect(asked).toMatch(/^Observation: Error: could not read a tool call in your reply: the <tool_call> block .*ACTION: tool_name\(\{"key": "value"\}\)/);
    expect(echoed).toBe('Observation: ok');
  });

  it('ends the run after 3 unreadable replies in a row, unknown tools counted, with a clear message', async () => {
    const { agent, events } = makeAgent(['[TOOL_CALLS][]', '{"name": "get_weather", "arguments": {"city": "Paris"}}', 'ACTION:', 'Final Answer: never']);
    const summary = await agent.send('go');
    expect(summary.reason).toBe('error');
    expect(summary.turns).toBe(3);
    const error = events.find((e) => e.type === 'error');
    expect(error?.type === 'error' && error.message).toMatch(
      /^Stopped: the model's last 3 replies held tool calls Falcon could not read \(the last: the ACTION line names no tool.*\)\. This model may not follow/,
    );
    expect(events.filter((e) => e.type === 'answer')).toEqual([]);
  });

  it('starts the count of unreadable replies again after a call it could read', async () => {
    const { agent } = makeAgent(['<tool_call>', '<tool_call>', 'ACTION: echo({"text": "ok"})', '<tool_call>', '<tool_call>', 'Final Answer: done']);
    expect(await agent.send('go')).toMatchObject({ reason: 'answer', answer: 'done' });
  });

  it('reports unreadable JSON and every invalid argument at once', async () => {
    const { agent, model, events } = makeAgent([
      'ACTION: echo({"text": "a" : "b"})',
      'ACTION: echo({"text": 5, "times": "x", "extra": true})',
      'Final Answer: ok',
    ]);
    await agent.send('go');
    const [badJson, badArgs] = model.observations();
    expect(badJson).toMatch(/could not read the arguments of echo/);
    expect(badArgs).toMatch(/invalid arguments for echo/);
    expect(badArgs).toMatch(/text/);
    expect(badArgs).toMatch(/times/);
    expect(badArgs).toMatch(/extra/);
    const results = events.filter((e) => e.type === 'tool_result');
    expect(results.every((e) => e.type === 'tool_result' && !e.ok)).toBe(true);
  });

  it('turns thrown errors into observations', async () => {
    const { agent, model } = makeAgent(['ACTION: fails({"expected": true})', 'ACTION: fails({"expected": false})', 'Final Answer: ok']);
    const summary = await agent.send('go');
    expect(summary.reason).toBe('answer');
    expect(model.observations()).toEqual(['Observation: Error: the thing is not there', 'Observation: Error: cannot read properties of undefined']);
  });

  it('stops at the turn limit with reason limit', async () => {
    const { agent, events } = makeAgent(Array(10).fill('ACTION: echo({"text": "again"})'), { maxTurns: 3 });
    const summary = await agent.send('loop forever');
    expect(summary).toMatchObject({ reason: 'limit', turns: 3, toolCalls: 3 });
    expect(events.at(-1)).toEqual({ type: 'run_end', reason: 'limit', turns: 3, toolCalls: 3 });
    expect(events.some((e) => e.type === 'error' && /turn limit/.test(e.message))).toBe(true);
  });

  it('applies per-tool call limits from the project config', async () => {
    const { agent, model } = makeAgent([...Array(3).fill('ACTION: echo({"text": "x"})'), 'Final Answer: ok'], { toolLimits: { echo: 2 } });
    await agent.send('go');
    const observations = model.observations();
    expect(observations.slice(0, 2)).toEqual(['Observation: x', 'Observation: x']);
    expect(observations[2]).toMatch(/echo has reached its limit of 2 calls/);
  });

  it('truncates long observations with a note', async () => {
    const { agent, model } = makeAgent(['ACTION: echo({"text": "abcdefghij", "times": 100})', 'Final Answer: ok'], {
      observationLimit: 200,
    });
    await agent.send('go');
    const [observation] = model.observations();
    expect(observation).toMatch(/output truncated: showing 200 of 1,099 characters/);
  });

  it('nudges once when the reply is empty or only a thought', async () => {
    const { agent, model } = makeAgent(['', 'Thought: I should check.', 'Final Answer: checked']);
    const summary = await agent.send('go');
    expect(summary).toMatchObject({ reason: 'answer', answer: 'checked', turns: 3 });
    expect(model.observations()).toHaveLength(2);
  });

  it('turns a model failure into an error event and run_end error', async () => {
    const { agent, events } = makeAgent([new Error('openai: 401 Unauthorized — the API key was refused')]);
    const summary = await agent.send('go');
    expect(summary.reason).toBe('error');
    expect(events.at(-2)).toEqual({ type: 'error', message: 'openai: 401 Unauthorized — the API key was refused' });
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'error' });
  });
});

describe('confirmation', () => {
  it('runs the tool after approval and not after a decline', async () => {
    writes.length = 0;
    const { agent, model, events } = makeAgent(['ACTION: write_note({"note": "yes"})', 'ACTION: write_note({"note": "no"})', 'Final Answer: ok']);
    agent.subscribe((event) => {
      if (event.type === 'confirmation_required') {
        agent.respond(event.id, (event.preview as { diff: string }).diff === '+yes');
      }
    });
    await agent.send('write two notes');
    expect(writes).toEqual(['yes']);
    const [approved, declined] = model.observations();
    expect(approved).toBe('Observation: wrote yes');
    expect(declined).toMatch(/The user declined create NOTES\.md\. Nothing was changed/);
    expect(types(events)).toContain('confirmation_resolved');
    const resolved = events.filter((e) => e.type === 'confirmation_resolved');
    expect(resolved.map((e) => e.type === 'confirmation_resolved' && e.approved)).toEqual([true, false]);
  });

  it('approves what the chosen "always" names for the rest of the session, lists it, and asks again once it is removed', async () => {
    writes.length = 0;
    const { agent, events } = makeAgent([
      'ACTION: write_note({"note": "one"})',
      'ACTION: write_note({"note": "two"})',
      'Final Answer: ok',
      'ACTION: write_note({"note": "three"})',
      'Final Answer: ok again',
    ]);
    const asked: Array<{ label: string; rules: string[] }[]> = [];
    agent.subscribe((event) => {
      if (event.type !== 'confirmation_required') return;
      asked.push(event.always);
      setTimeout(() => agent.respond(event.id, true, asked.length === 1 ? { always: 'session', choice: 0 } : {}), 5);
    });
    await agent.send('write');
    expect(writes).toEqual(['one', 'two']);
    // Asked once, offered the file (at the root, the project is no folder to offer): the second call is approved without a confirmation, and says why.
    expect(asked).toEqual([[{ label: 'this file (NOTES.md)', rules: ['write_note(./NOTES.md)'] }]]);
    expect(events.filter((e) => e.type === 'confirmation_resolved')).toHaveLength(1);
    expect(events).toContainEqual(expect.objectContaining({ type: 'tool_progress', message: 'approved for this session: write_note: this file (NOTES.md)' }));
    expect(agent.sessionApprovals).toEqual([{ tool: 'write_note', label: 'this file (NOTES.md)', rules: ['write_note(./NOTES.md)'] }]);

    expect(agent.revokeSessionApproval(0)).toMatchObject({ label: 'this file (NOTES.md)' });
    expect(agent.sessionApprovals).toEqual([]);
    await agent.send('write again');
    expect(writes).toEqual(['one', 'two', 'three']);
    expect(asked).toHaveLength(2);
  });
});

describe('cancellation', () => {
  it('stops a model call in flight', async () => {
    const { agent, events } = makeAgent([untilAborted]);
    const run = agent.send('go');
    setTimeout(() => agent.cancel(), 20);
    const summary = await run;
    expect(summary.reason).toBe('cancelled');
    expect(events.at(-1)).toMatchObject({ type: 'run_end', reason: 'cancelled' });
    expect(agent.busy).toBe(false);
  });

  it('stops a running tool through its signal', async () => {
    const { agent, events } = makeAgent(['ACTION: slow({})']);
    const run = agent.send('go');
    await new Promise<void>((resolve) => agent.subscribe((e) => e.type === 'tool_progress' && resolve()));
    agent.cancel();
    const summary = await run;
    expect(summary.reason).toBe('cancelled');
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ ok: false, output: 'Cancelled by the user.' });
  });

  it('stops while waiting for a confirmation, writing nothing', async () => {
    writes.length = 0;
    const { agent } = makeAgent(['ACTION: write_note({"note": "never"})']);
    agent.subscribe((e) => e.type === 'confirmation_required' && setTimeout(() => agent.cancel(), 5));
    const summary = await agent.send('go');
    expect(summary.reason).toBe('cancelled');
    expect(writes).toEqual([]);
  });
});

describe('steering and sessions', () => {
  it('delivers a message typed during a run before the next model call', async () => {
    const { agent, model } = makeAgent(['ACTION: slow({})', 'Final Answer: ok'], {
      tools: [
        defineTool({
          name: 'slow',
          description: 'Takes a moment.',
          schema: z.strictObject({}),
          kind: 'long',
          run: async () => {
            agent.steer('also check the headers');
            return 'done';
          },
        }),
      ],
    });
    await agent.send('go');
    // Sent after the observation in the same user turn: strict chat templates refuse two in a row.
    const lastCall = model.seen.at(-1)!;
    expect(lastCall.at(-1)).toEqual({ role: 'user', content: 'Observation: done\n\nalso check the headers' });
    expect(agent.history.at(-2)).toEqual({ role: 'user', content: 'also check the headers' });
  });

  it('appends each message to the session file and resumes with the history', async () => {
    const first = makeAgent(['ACTION: echo({"text": "remember me"})', 'Final Answer: first']);
    await first.agent.send('one');
    const lines = (await readFile(first.session.file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ kind: 'session', id: first.session.id });
    const messages = lines.filter((l) => l.kind === 'message').map((l) => l.content);
    expect(messages).toEqual(['one', 'ACTION: echo({"text": "remember me"})', 'Observation: remember me', 'Final Answer: first']);
    expect(lines.some((l) => l.kind === 'event' && l.event.type === 'run_end')).toBe(true);

    const resumed = await SessionStore.open<AgentEvent>(project, first.session.id);
    const second = makeAgent(['Final Answer: second'], { session: resumed });
    await second.agent.send('two');
    const seen = second.model.seen[0]!;
    expect(seen.map((m) => m.content)).toEqual([
      'You are a test.',
      'one',
      'ACTION: echo({"text": "remember me"})',
      'Observation: remember me',
      'Final Answer: first',
      'two',
    ]);
  });

  it('masks secrets on their way to the session file', async () => {
    const { agent, session } = makeAgent(['Final Answer: use Authorization: Bearer abcdefghijklmnop123']);
    await agent.send('my key is sk-abcdefghijklmnopqrstuvwx');
    const text = await readFile(session.file, 'utf8');
    expect(text).not.toContain('abcdefghijklmnop123');
    expect(text).not.toContain('sk-abcdefghijklmnopqrstuvwx');
    expect(text).toContain('[masked]');
  });
});
