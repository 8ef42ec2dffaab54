import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../src/agent/agent.js';
import type { AgentEvent, EmitEvent } from '../../src/agent/events.js';
import type { ChatRequest } from '../../src/llm/chat-model.js';
import { createToolRegistry } from '../../src/kit/tool/tool-registry.js';
import { defineTool } from '../../src/kit/tool/tool.js';
import { SessionStore, type SessionRecord } from '../../src/workspace/session-store.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { ScriptedModel, untilAborted, type ScriptStep } from '../support/scripted-model.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-interrupt-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

const slow = defineTool({
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

function makeAgent(steps: ScriptStep[], session = SessionStore.create<AgentEvent>(project)) {
  const model = new ScriptedModel(steps);
  const variables = new VariableScope(project, {});
  let modelEmit: EmitEvent = () => {};
  const agent = new Agent({
    projectRoot: project,
    falconHome: path.join(project, '.home'),
    tools: createToolRegistry([slow]),
    systemPrompt: 'You are a test.',
    session,
    variables,
    secrets: variables.secrets,
    createModel: (_choice, emit) => {
      modelEmit = emit;
      return model;
    },
    limits: { maxTurns: 10, observationLimit: 2000 },
  });
  const events: AgentEvent[] = [];
  agent.subscribe((event) => events.push(event));
  return { agent, model, events, session, modelEmit: (event: AgentEvent) => modelEmit(event) };
}

/** A reply that streams `text`, then hangs until the run is cancelled. */
function streamsThenHangs(text: string, onStreamed: () => void) {
  return (request: ChatRequest) => {
    request.onDelta?.(text);
    setTimeout(onStreamed, 5);
    return untilAborted(request);
  };
}

async function records(session: SessionStore): Promise<SessionRecord[]> {
  return (await readFile(session.file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SessionRecord);
}

const withoutDeltas = (events: AgentEvent[]) => events.filter((event) => event.type !== 'text_delta');

describe('a reply cut short by a cancel', () => {
  it('is announced before run_end and saved, flagged, with what had streamed', async () => {
    const partial = 'Thought: notes\nFinal Answer: The first part';
    const { agent, events, session } = makeAgent([streamsThenHangs(partial, () => agent.cancel())]);
    const summary = await agent.send('write notes');
    expect(summary.reason).toBe('cancelled');
    expect(withoutDeltas(events).slice(-2)).toEqual([
      { type: 'reply_interrupted', text: partial },
      { type: 'run_end', reason: 'cancelled', turns: 1, toolCalls: 0 },
    ]);
    const messages = (await records(session)).filter((record) => record.kind === 'message');
    expect(messages.map(({ role, content, ...rest }) => ({ role, content, interrupted: 'interrupted' in rest }))).toEqual([
      { role: 'user', content: 'write notes', interrupted: false },
      { role: 'assistant', content: partial, interrupted: true },
    ]);
    expect((await records(session)).some((record) => record.kind === 'event' && record.event.type === 'reply_interrupted')).toBe(false);
  });

  it('is never sent to the model again: the next message joins the unanswered one', async () => {
    const { agent, model, session } = makeAgent([streamsThenHangs('Final Answer: half an ans', () => agent.cancel()), 'Final Answer: whole']);
    await agent.send('first');
    expect(agent.history).toEqual([{ role: 'user', content: 'first' }]);
    await agent.send('second');
    expect(model.seen[1]!.map((message) => message.content)).toEqual(['You are a test.', 'first\n\nsecond']);

    const reopened = await SessionStore.open(project, session.id);
    expect(reopened.messages.map((message) => message.content)).toEqual(['first', 'second', 'Final Answer: whole']);
  });

  it('keeps only what streamed since the call last started over (a retry)', async () => {
    const harness = makeAgent([
      (request) => {
        request.onDelta?.('Final Answer: lost in a cut stream');
        harness.modelEmit({ type: 'retry', attempt: 1, delayMs: 0, reason: 'stream cut' });
        request.onDelta?.('Final Answer: the retry');
        setTimeout(() => harness.agent.cancel(), 5);
        return untilAborted(request);
      },
    ]);
    await harness.agent.send('go');
    expect(harness.events.find((event) => event.type === 'reply_interrupted')).toEqual({ type: 'reply_interrupted', text: 'Final Answer: the retry' });
  });

  it('is not announced when the cancel comes while a tool runs or before any text', async () => {
    const tool = makeAgent(['Thought: wait\nACTION: slow({})']);
    tool.agent.subscribe((event) => event.type === 'tool_progress' && setTimeout(() => tool.agent.cancel(), 5));
    await tool.agent.send('go');
    expect(tool.events.some((event) => event.type === 'reply_interrupted')).toBe(false);
    expect((await records(tool.session)).some((record) => record.kind === 'message' && record.interrupted)).toBe(false);

    const silent = makeAgent([untilAborted]);
    setTimeout(() => silent.agent.cancel(), 10);
    await silent.agent.send('go');
    expect(silent.events.some((event) => event.type === 'reply_interrupted')).toBe(false);
  });
});

describe('a follow-up typed while the answer streams', () => {
  it('is answered in the same run, right after the answer', async () => {
    const { agent, model, events } = makeAgent([
      () => {
        agent.steer('and the headers?');
        return Promise.resolve('Final Answer: the body');
      },
      'Final Answer: the headers',
    ]);
    const summary = await agent.send('the body?');
    expect(summary).toMatchObject({ reason: 'answer', turns: 2, answer: 'the headers' });
    expect(withoutDeltas(events).map((event) => event.type)).toEqual([
      'run_start',
      'turn_start',
      'context_window',
      'usage',
      'answer',
      'turn_start',
      'usage',
      'answer',
      'run_end',
    ]);
    expect(model.seen[1]!.slice(1)).toEqual([
      { role: 'user', content: 'the body?' },
      { role: 'assistant', content: 'Final Answer: the body' },
      { role: 'user', content: 'and the headers?' },
    ]);
    expect(agent.busy).toBe(false);
  });

  it('ends the run as before when nothing was queued', async () => {
    const { agent, model } = makeAgent(['Final Answer: only this']);
    expect(await agent.send('one')).toMatchObject({ reason: 'answer', turns: 1 });
    expect(model.seen).toHaveLength(1);
  });
});
