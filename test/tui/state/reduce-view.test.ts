import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { reduceView } from '../../../src/tui/state/reduce-view.js';
import { initialViewState, type ViewState } from '../../../src/tui/state/view-state.js';
import { splitStreamingReply } from '../../../src/tui/state/split-streaming-reply.js';
import { safeMarkdownSplit } from '../../../src/tui/state/markdown-boundary.js';

const feed = (events: AgentEvent[], state: ViewState = initialViewState()) => reduceView(state, { type: 'agent', events });
const deltas = (text: string): AgentEvent[] => (text.match(/.{1,5}/gs) ?? []).map((t) => ({ type: 'text_delta', text: t }));

describe('splitStreamingReply', () => {
  it('keeps markers and the ACTION line out of what is shown', () => {
    expect(splitStreamingReply('Thought: look at it\nACTION: read_file({"path"')).toEqual({ thought: 'look at it', answer: '' });
    expect(splitStreamingReply('Thought: done\nFinal Answer: **hi**')).toEqual({ thought: 'done', answer: '**hi**' });
    expect(splitStreamingReply('plain words')).toEqual({ thought: '', answer: 'plain words' });
  });

  it('hides tool calls in the shapes models write them, keeping the thought before them', () => {
    expect(splitStreamingReply('I will read it.\n<tool_call>\n{"name": "read_file"')).toEqual({ thought: 'I will read it.', answer: '' });
    expect(splitStreamingReply('[TOOL_CALLS][{"name": "read_file"')).toEqual({ thought: '', answer: '' });
    expect(splitStreamingReply('Let me look.\n```tool_code\nread_file(path="a")')).toEqual({ thought: 'Let me look.', answer: '' });
    expect(splitStreamingReply('Thought: x\nAction: read_file\nAction Input: {"path"')).toEqual({ thought: 'x', answer: '' });
  });

  it('shows the answer after a bold or heading marker, and a call after the marker as part of the answer', () => {
    expect(splitStreamingReply('**Final Answer:** all good')).toEqual({ thought: '', answer: 'all good' });
    expect(splitStreamingReply('Final Answer: run it again:\nACTION: http_request({})').answer).toContain('run it again');
  });

  it('holds back a marker that is still arriving', () => {
    expect(splitStreamingReply('Thought: x\nFinal Ans')).toEqual({ thought: 'x', answer: '' });
    expect(splitStreamingReply('Thou')).toEqual({ thought: '', answer: '' });
    expect(splitStreamingReply('Thought: x\nAC')).toEqual({ thought: 'x', answer: '' });
  });
});

describe('safeMarkdownSplit', () => {
  it('splits after a blank line outside code fences only', () => {
    const text = 'para one\n\n```\ncode\n\nmore code\n```\nlast';
    expect(text.slice(0, safeMarkdownSplit(text, 1))).toBe('para one\n\n');
    expect(safeMarkdownSplit('no blank line here\nat all', 1)).toBe(-1);
  });
});

describe('reduceView', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('folds a tool round trip into entries and counters', () => {
    const state = feed([
      { type: 'run_start', runId: 'r', input: 'go' },
      { type: 'turn_start', turn: 1 },
      ...deltas('Thought: fetch\nACTION: http_request({})'),
      { type: 'usage', inputTokens: 100, outputTokens: 20 },
      { type: 'thought', text: 'fetch' },
      { type: 'tool_call', id: 't1', name: 'http_request', args: { method: 'GET', url: 'http://x' } },
    ]);
    expect(state.status).toBe('running');
    expect(state.running).toMatchObject({ id: 't1', name: 'http_request' });
    const done = feed(
      [
        { type: 'tool_result', id: 't1', name: 'http_request', ok: true, output: 'HTTP 200 OK', durationMs: 12 },
        { type: 'turn_start', turn: 2 },
        ...deltas('Final Answer: all good'),
        { type: 'answer', text: 'all good' },
        { type: 'run_end', reason: 'answer', turns: 2, toolCalls: 1 },
      ],
      state,
    );
    expect(done.entries.map((e) => e.kind)).toEqual(['thought', 'tool', 'answer']);
    expect(done.entries[1]).toMatchObject({ name: 'http_request', label: 'http_request GET http://x', ok: true, durationMs: 12 });
    expect(done).toMatchObject({ status: 'ready', stream: '', toolCalls: 1, usage: { inputTokens: 100, outputTokens: 20 } });
    expect(done.entries[1]).toMatchObject({ output: 'HTTP 200 OK' });
  });

  it('shows a call by the label its tool gave it, running and done', () => {
    const label = 'falcon_read .falcon/flows/login.yaml';
    const running = feed([{ type: 'tool_call', id: 't1', name: 'falcon_read', args: { path: 'flows/login.yaml' }, label }]);
    expect(running.running).toMatchObject({ name: 'falcon_read', label });
    const done = feed([{ type: 'tool_result', id: 't1', name: 'falcon_read', ok: true, output: 'steps: []', durationMs: 3 }], running);
    expect(done.entries.at(-1)).toMatchObject({ kind: 'tool', name: 'falcon_read', label });
  });

  it('moves the finished head of a long streamed answer into the transcript, never inside a fence', () => {
    const paragraphs = Array.from({ length: 8 }, (_, i) => `Paragraph ${i} line a\nline b`).join('\n\n');
    const answer = `${paragraphs}\n\n\`\`\`js\n${'code\n\n'.repeat(10)}\`\`\`\nend`;
    let state = feed([{ type: 'turn_start', turn: 1 }], initialViewState({ liveAnswerLines: 6 }));
    state = feed(deltas(`Final Answer: ${answer}`), state);
    const parts = state.entries.filter((e) => e.kind === 'answer');
    expect(parts.length).toBeGreaterThan(0);
    for (const part of parts) expect((part as { text: string }).text.split('```').length % 2).toBe(1);
    state = feed([{ type: 'answer', text: answer }], state);
    const all = state.entries.filter((e) => e.kind === 'answer').map((e) => (e as { text: string }).text);
    expect(all.join('\n\n')).toBe(answer);
  });

  it('discards streamed text on a retry and shows a notice', () => {
    let state = feed([{ type: 'turn_start', turn: 1 }, ...deltas('Final Answer: half')]);
    state = feed([{ type: 'retry', attempt: 1, delayMs: 2000, reason: 'openai: 503' }], state);
    expect(state.stream).toBe('');
    expect(state.entries.at(-1)).toMatchObject({ kind: 'notice', tone: 'warning', text: 'Retrying in 2.0 s (attempt 1): openai: 503' });
  });

  it('keeps what "always" may allow at a confirmation, and shows a warning as a notice', () => {
    const preview = { kind: 'command' as const, command: 'npm test' };
    const always = [{ label: 'this command', rules: ['bash(npm test)'] }];
    const state = feed([
      { type: 'confirmation_required', id: 'c', tool: 'bash', title: 'run `npm test`', preview, always },
      { type: 'warning', message: 'post_tool_use hook `lint` exited with 1' },
    ]);
    expect(state.confirmation).toEqual({ id: 'c', tool: 'bash', title: 'run `npm test`', preview, always });
    expect(state.entries.at(-1)).toMatchObject({ kind: 'notice', tone: 'warning', text: 'post_tool_use hook `lint` exited with 1' });
  });

  it('tracks a confirmation and shows queued messages when the next turn starts', () => {
    let state = feed([
      { type: 'tool_call', id: 'w', name: 'write_file', args: {} },
      {
        type: 'confirmation_required',
        id: 'w',
        tool: 'write_file',
        title: 'change a.ts',
        preview: { kind: 'diff', path: 'a.ts', diff: '', isNew: false },
        always: [],
      },
    ]);
    expect(state.status).toBe('waiting');
    expect(state.confirmation?.title).toBe('change a.ts');
    state = reduceView(state, { type: 'queued_message', text: 'also b.ts' });
    state = feed(
      [
        { type: 'confirmation_resolved', id: 'w', approved: true },
        { type: 'turn_start', turn: 2 },
      ],
      state,
    );
    expect(state.confirmation).toBeUndefined();
    expect(state.queued).toEqual([]);
    expect(state.entries.at(-1)).toMatchObject({ kind: 'user', text: 'also b.ts' });
  });

  it('knows since when the model call under way has sent nothing', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    let state = feed([{ type: 'run_start', runId: 'r', input: 'go' }]);
    expect(state.modelSilentSince).toBeUndefined();
    state = feed([{ type: 'turn_start', turn: 1 }], state);
    expect(state.modelSilentSince).toBe(1_000_000);
    vi.advanceTimersByTime(7000);
    state = feed([{ type: 'thinking_delta', text: 'hm' }], state);
    expect(state.modelSilentSince).toBe(1_007_000);
    vi.advanceTimersByTime(1000);
    state = feed([{ type: 'retry', attempt: 1, delayMs: 4000, reason: '503' }], state);
    expect(state.modelSilentSince).toBe(1_012_000);
    // A compaction's call ends before the turn's own starts: the wait goes on from there.
    vi.advanceTimersByTime(5000);
    state = feed([{ type: 'usage', inputTokens: 1, outputTokens: 1, purpose: 'compaction' }], state);
    expect(state.modelSilentSince).toBe(1_013_000);
    state = feed(
      [
        { type: 'usage', inputTokens: 1, outputTokens: 1 },
        { type: 'tool_call', id: 't', name: 'read_file', args: {} },
      ],
      state,
    );
    expect(state.modelSilentSince).toBeUndefined();
  });

  it('notes an interrupted run', () => {
    const state = feed([
      { type: 'tool_result', id: 'x', name: 'read_file', ok: true, output: 'line 1\nline 2', durationMs: 1 },
      { type: 'run_end', reason: 'cancelled', turns: 1, toolCalls: 1 },
    ]);
    expect(state.entries.at(-1)).toMatchObject({ kind: 'notice', text: 'Interrupted.' });
  });

  it('keeps what an approval approved in its decision, and nothing for a refusal', () => {
    const preview = { kind: 'diff' as const, path: 'a.ts', diff: '@@ -1 +1 @@\n-a\n+b', isNew: false };
    let state = feed([{ type: 'confirmation_required', id: 'w', tool: 'write_file', title: 'change a.ts', preview, always: [] }]);
    state = reduceView(state, { type: 'decision', id: 'w', title: 'change a.ts', approved: true, preview });
    expect(state.entries.at(-1)).toEqual({ kind: 'decision', id: expect.any(String), title: 'change a.ts', approved: true, preview });
    expect(state.confirmation).toBeUndefined();
    state = reduceView(state, { type: 'decision', id: 'x', title: 'change b.ts', approved: false });
    expect(state.entries.at(-1)).not.toHaveProperty('preview');
  });
});

describe('a reply whose call could not be read', () => {
  const problem = 'the <tool_call> block holds no call that can be read; write ACTION: tool_name({"key": "value"}) with a tool from the list';

  it('is an entry of what the model wrote, folded to where the call begins when the thought above shows the rest', () => {
    const reply = 'Thought: Let me look.\nFirst the routes.\n<tool_call>\n<tool_call>';
    const state = feed([
      { type: 'turn_start', turn: 1 },
      ...deltas(reply),
      { type: 'thought', text: 'Let me look.\nFirst the routes.' },
      { type: 'call_unreadable', reply, problem },
    ]);
    expect(state.stream).toBe('');
    expect(state.entries.map((entry) => entry.kind)).toEqual(['thought', 'unreadable']);
    expect(state.entries[1]).toMatchObject({ kind: 'unreadable', reply, problem, folded: '<tool_call>' });
  });

  it('folds to its first line when no thought was shown before it', () => {
    const state = feed([{ type: 'call_unreadable', reply: '<tool_call>\n<tool_call>', problem }]);
    expect(state.entries[0]).toMatchObject({ kind: 'unreadable', folded: '<tool_call>' });
  });
});
