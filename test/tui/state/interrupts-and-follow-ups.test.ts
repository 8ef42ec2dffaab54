import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { reduceView } from '../../../src/tui/state/reduce-view.js';
import { viewFromSession } from '../../../src/tui/state/transcript-from-session.js';
import { initialViewState, type ViewState } from '../../../src/tui/state/view-state.js';
import type { SessionRecord } from '../../../src/workspace/session-store.js';

const feed = (events: AgentEvent[], state: ViewState = initialViewState()) => reduceView(state, { type: 'agent', events });
const deltas = (text: string): AgentEvent[] => (text.match(/.{1,5}/gs) ?? []).map((t) => ({ type: 'text_delta', text: t }));
const at = '2025-01-01T00:00:00.000Z';

describe('an interrupted reply in the view', () => {
  it('keeps what was shown as an answer marked interrupted, with no second notice', () => {
    const partial = 'Thought: list them\nFinal Answer: The notes so far';
    let state = feed([{ type: 'run_start', runId: 'r', input: 'notes' }, { type: 'turn_start', turn: 1 }, ...deltas(partial)]);
    state = feed(
      [
        { type: 'reply_interrupted', text: partial },
        { type: 'run_end', reason: 'cancelled', turns: 1, toolCalls: 0 },
      ],
      state,
    );
    expect(state.entries).toEqual([
      { id: 'e0', kind: 'thought', text: 'list them' },
      { id: 'e1', kind: 'answer', text: 'The notes so far', continues: false, interrupted: true },
    ]);
    expect(state).toMatchObject({ status: 'ready', stream: '', committedAnswer: 0 });
  });

  it('continues a long answer whose head is already in the transcript', () => {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `Paragraph ${i} line a\nline b`).join('\n\n');
    const partial = `Final Answer: ${paragraphs}\n\nthe last words`;
    let state = feed([{ type: 'turn_start', turn: 1 }, ...deltas(partial)], initialViewState({ liveAnswerLines: 4 }));
    expect(state.committedAnswer).toBeGreaterThan(0);
    state = feed([{ type: 'reply_interrupted', text: partial }], state);
    const answers = state.entries.filter((entry) => entry.kind === 'answer');
    expect(answers.at(-1)).toMatchObject({ interrupted: true, continues: false });
    expect(answers.map((entry) => (entry as { text: string }).text).join('\n\n')).toBe(`${paragraphs}\n\nthe last words`);
  });

  it('still notes a run interrupted while a tool ran', () => {
    const state = feed([
      { type: 'turn_start', turn: 1 },
      { type: 'run_end', reason: 'cancelled', turns: 1, toolCalls: 1 },
    ]);
    expect(state.entries.at(-1)).toMatchObject({ kind: 'notice', text: 'Interrupted.' });
  });

  it('shows control characters of the partial reply as text', () => {
    const state = feed([{ type: 'reply_interrupted', text: 'Final Answer: a\x1b]0;owned\x07b' }]);
    expect(state.entries.at(-1)).toMatchObject({ text: 'a␛]0;owned^Gb', interrupted: true });
  });

  it('shows an interrupted reply again when the session is resumed', () => {
    const records: SessionRecord<AgentEvent>[] = [
      { kind: 'session', id: 's', createdAt: at, cwd: '/p' },
      { kind: 'message', at, role: 'user', content: 'write the notes' },
      { kind: 'event', at, event: { type: 'run_start', runId: 'r', input: 'write the notes' } },
      { kind: 'event', at, event: { type: 'turn_start', turn: 1 } },
      { kind: 'message', at, role: 'assistant', content: 'Final Answer: The first part', interrupted: true },
      { kind: 'event', at, event: { type: 'run_end', reason: 'cancelled', turns: 1, toolCalls: 0 } },
      { kind: 'message', at, role: 'user', content: 'go on' },
    ];
    expect(viewFromSession(records).entries).toEqual([
      { id: 'e0', kind: 'user', text: 'write the notes' },
      { id: 'e1', kind: 'answer', text: 'The first part', continues: false, interrupted: true },
      { id: 'e2', kind: 'user', text: 'go on' },
    ]);
  });
});

describe('a follow-up typed while the answer streams', () => {
  it('leaves the queue when the run goes on with it, after the answer', () => {
    let state = feed([{ type: 'run_start', runId: 'r', input: 'first' }, { type: 'turn_start', turn: 1 }, ...deltas('Final Answer: one')]);
    state = reduceView(state, { type: 'queued_message', text: 'and then?' });
    expect(state.queued).toEqual(['and then?']);
    state = feed([{ type: 'answer', text: 'one' }, { type: 'turn_start', turn: 2 }, ...deltas('Final Answer: two'), { type: 'answer', text: 'two' }], state);
    expect(state.queued).toEqual([]);
    expect(state.entries.map((entry) => [entry.kind, (entry as { text: string }).text])).toEqual([
      ['answer', 'one'],
      ['user', 'and then?'],
      ['answer', 'two'],
    ]);
  });
});
