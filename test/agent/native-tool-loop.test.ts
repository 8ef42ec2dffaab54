import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Agent } from '../../src/agent/agent.js';
import type { AgentEvent } from '../../src/agent/events.js';
import { defineTool, type AnyTool } from '../../src/kit/tool/tool.js';
import { createToolRegistry } from '../../src/kit/tool/tool-registry.js';
import type { NativeToolCall } from '../../src/llm/chat-message.js';
import { SessionStore } from '../../src/workspace/session-store.js';
import { VariableScope } from '../../src/workspace/variable-scope.js';
import { ScriptedModel, type ScriptStep } from '../support/scripted-model.js';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'falcon-native-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

/** Resolves once `count` calls have started: calls run one after another never get past it. */
function meeting(count: number) {
  let arrived = 0;
  let open!: () => void;
  const everyone = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    arrived += 1;
    if (arrived === count) open();
    await everyone;
  };
}

function makeAgent(steps: ScriptStep[], tools: AnyTool[], session = SessionStore.create<AgentEvent>(project)) {
  const model = new ScriptedModel(steps, { toolProtocol: 'native' });
  const variables = new VariableScope(project, {});
  const agent = new Agent({
    projectRoot: project,
    falconHome: path.join(project, '.home'),
    tools: createToolRegistry(tools),
    systemPrompt: 'You speak the text protocol.',
    nativeSystemPrompt: 'You call tools natively.',
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

const call = (id: string, name: string, args: unknown): NativeToolCall => ({ id, name, arguments: typeof args === 'string' ? args : JSON.stringify(args) });

/** A tool that only reads: it gives back its text. */
const echo = defineTool({
  name: 'echo',
  description: 'Echoes.',
  schema: z.strictObject({ text: z.string() }),
  kind: 'read',
  readOnly: true,
  run: async ({ text }) => text,
});

describe('native tool calls in the loop', () => {
  it('runs two read-only calls together and answers each call id in the order of the calls', async () => {
    const bothStarted = meeting(2);
    let secondDone!: () => void;
    const secondFinished = new Promise<void>((resolve) => (secondDone = resolve));
    const read = defineTool({
      name: 'read_note',
      description: 'Reads a note.',
      schema: z.strictObject({ name: z.string() }),
      kind: 'read',
      readOnly: true,
      run: async ({ name }) => {
        await bothStarted();
        // The first call ends after the second: the observations still come in the calls' order.
        if (name === 'a') await secondFinished;
        else secondDone();
        return `note ${name}`;
      },
    });
    const { agent, model, events } = makeAgent(
      [{ text: 'Reading both.', toolCalls: [call('call_a', 'read_note', { name: 'a' }), call('call_b', 'read_note', { name: 'b' })] }, 'Notes a and b.'],
      [read],
    );
    const summary = await agent.send('read notes a and b');
    expect(summary).toMatchObject({ reason: 'answer', answer: 'Notes a and b.', toolCalls: 2 });
    const next = model.seen[1]!;
    expect(next[0]).toEqual({ role: 'system', content: 'You call tools natively.', stablePrefix: true });
    expect(next.slice(-3)).toEqual([
      { role: 'assistant', content: 'Reading both.', toolCalls: [call('call_a', 'read_note', { name: 'a' }), call('call_b', 'read_note', { name: 'b' })] },
      { role: 'user', content: 'Observation: note a', toolCallId: 'call_a' },
      { role: 'user', content: 'Observation: note b', toolCallId: 'call_b' },
    ]);
    expect(model.seenTools[0]).toEqual(['read_note']);
    const results = events.filter((event) => event.type === 'tool_result').map((event) => event.type === 'tool_result' && event.output);
    expect(results).toEqual(['note b', 'note a']);
    expect(events.find((event) => event.type === 'thought')).toMatchObject({ text: 'Reading both.' });
  });

  it('runs a call that writes alone, after its approval, and the calls after it only then', async () => {
    const ran: string[] = [];
    const write = defineTool({
      name: 'write_note',
      description: 'Writes a note.',
      schema: z.strictObject({ note: z.string() }),
      kind: 'write',
      preview: async ({ note }) => ({ kind: 'diff', path: 'NOTES.md', diff: `+${note}`, isNew: true }),
      run: async ({ note }) => {
        ran.push(`write ${note}`);
        return `wrote ${note}`;
      },
    });
    const read = defineTool({
      name: 'read_note',
      description: 'Reads a note.',
      schema: z.strictObject({ name: z.string() }),
      kind: 'read',
      readOnly: true,
      run: async ({ name }) => {
        ran.push(`read ${name}`);
        return `note ${name}`;
      },
    });
    const { agent, model } = makeAgent(
      [{ toolCalls: [call('w', 'write_note', { note: 'x' }), call('r', 'read_note', { name: 'x' })] }, 'Written and read.'],
      [write, read],
    );
    const ranWhenAsked: string[][] = [];
    agent.subscribe((event) => {
      if (event.type !== 'confirmation_required') return;
      ranWhenAsked.push([...ran]);
      agent.respond(event.id, true);
    });
    await agent.send('write x, then read it');
    expect(ranWhenAsked).toEqual([[]]);
    expect(ran).toEqual(['write x', 'read x']);
    expect(model.seen[1]!.slice(-2)).toEqual([
      { role: 'user', content: 'Observation: wrote x', toolCallId: 'w' },
      { role: 'user', content: 'Observation: note x', toolCallId: 'r' },
    ]);
  });

  it('answers arguments it cannot read with an error to that call id, and repairs what jsonrepair can', async () => {
    const { agent, model, events } = makeAgent([{ toolCalls: [call('bad', 'echo', '[1, 2'), call('cut', 'echo', '{"text": "hi"')] }, 'Done.'], [echo]);
    await agent.send('echo');
    const [bad, repaired] = model.seen[1]!.slice(-2);
    expect(bad).toMatchObject({ role: 'user', toolCallId: 'bad' });
    expect(bad!.content).toMatch(/^Observation: Error: could not read the arguments of echo: arguments must be one JSON object/);
    expect(repaired).toEqual({ role: 'user', content: 'Observation: hi', toolCallId: 'cut' });
    expect(events.find((event) => event.type === 'call_unreadable')).toMatchObject({ tool: 'echo' });
  });

  it('takes a reply without calls as the answer, no Final Answer marker needed, and asks again after an empty one', async () => {
    const { agent, model } = makeAgent(['', 'The API is up.'], []);
    const summary = await agent.send('is it up?');
    expect(summary).toMatchObject({ reason: 'answer', answer: 'The API is up.' });
    expect(model.seen[1]!.at(-1)).toEqual({ role: 'user', content: 'Observation: Your reply was empty. Call a tool, or answer the user.' });
  });

  it('never records a secret a tool declares in its arguments, in the reply that holds the call included', async () => {
    const login = defineTool({
      name: 'login',
      description: 'Logs in.',
      schema: z.strictObject({ password: z.string() }),
      kind: 'read',
      readOnly: true,
      secretArguments: (args) => [{ value: String(args.password), label: 'password' }],
      run: async () => 'logged in',
    });
    const { agent, session } = makeAgent([{ toolCalls: [call('call_1', 'login', { password: 'hunter2-very-secret' })] }, 'In.'], [login]);
    await agent.send('log in');
    expect(await readFile(session.file, 'utf8')).not.toContain('hunter2-very-secret');
  });

  it('counts the tools it sends in how full the context is', async () => {
    const withDescription = (description: string) =>
      defineTool({ name: 'lookup', description, schema: z.strictObject({}), kind: 'read', readOnly: true, run: async () => 'ok' });
    const used = async (description: string) => {
      const { agent, events } = makeAgent(['Done.'], [withDescription(description)]);
      await agent.send('go');
      const usage = events.find((event) => event.type === 'usage');
      return usage?.type === 'usage' ? usage.context!.used : 0;
    };
    expect((await used('x'.repeat(3000))) - (await used('x'))).toBeGreaterThanOrEqual(900);
  });

  it('keeps native calls and their answers in the session file, so a resumed session sends them again', async () => {
    const first = makeAgent([{ toolCalls: [call('call_1', 'echo', { text: 'hi' })] }, 'It said hi.'], [echo]);
    await first.agent.send('echo hi');
    const resumed = await SessionStore.open<AgentEvent>(project, first.session.id);
    expect(resumed.messages).toEqual([
      { role: 'user', content: 'echo hi' },
      { role: 'assistant', content: '', toolCalls: [call('call_1', 'echo', { text: 'hi' })] },
      { role: 'user', content: 'Observation: hi', toolCallId: 'call_1' },
      { role: 'assistant', content: 'It said hi.' },
    ]);
    const second = makeAgent(['Still hi.'], [echo], resumed);
    await second.agent.send('and now?');
    expect(second.model.seen[0]!.slice(2, 4)).toEqual(resumed.messages.slice(1, 3));
  });
});
