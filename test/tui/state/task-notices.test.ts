import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { reduceView } from '../../../src/tui/state/reduce-view.js';
import { viewFromSession } from '../../../src/tui/state/transcript-from-session.js';
import { initialViewState } from '../../../src/tui/state/view-state.js';
import type { TaskInfo } from '../../../src/kit/tool/task-list.js';
import type { SessionRecord } from '../../../src/workspace/session-store.js';

const task = (fields: Partial<TaskInfo>): TaskInfo => ({
  id: 't1',
  kind: 'bash',
  label: 'npm test',
  state: 'completed',
  startedAt: 1000,
  endedAt: 4000,
  outputFile: '.falcon/sessions/s/tasks/t1.log',
  ...fields,
});

const noticesAfter = (events: AgentEvent[]) =>
  reduceView(initialViewState(), { type: 'agent', events }).entries.map((entry) => (entry.kind === 'notice' ? [entry.tone, entry.text] : [entry.kind]));

describe('the end of a background task in the TUI', () => {
  it('is a notice line at once, whatever the state of the run', () => {
    expect(
      noticesAfter([
        { type: 'task_end', task: task({ exitCode: 0 }) },
        { type: 'task_end', task: task({ id: 't2', state: 'failed', exitCode: 1 }) },
        { type: 'task_end', task: task({ id: 't3', kind: 'subagent', state: 'failed', error: 'the model stopped answering' }) },
        { type: 'task_end', task: task({ id: 't4', state: 'stopped' }) },
      ]),
    ).toEqual([
      ['info', 'task t1 ended (exit 0)'],
      ['warning', 'task t2 ended (exit 1)'],
      ['warning', 'task t3 failed: the model stopped answering'],
      ['info', 'task t4 stopped'],
    ]);
  });

  it('a resumed transcript shows the notice, not the note the model was sent about it', () => {
    const at = '2025-01-01T00:00:00.000Z';
    const records: SessionRecord<AgentEvent>[] = [
      { kind: 'event', at, event: { type: 'task_end', task: task({ exitCode: 0 }) } },
      { kind: 'message', at, role: 'user', content: '[Background task t1 ended (exit 0) after 3 s: npm test]\nIt wrote no output.' },
      { kind: 'message', at, role: 'user', content: 'did the tests pass?' },
    ];
    expect(viewFromSession(records).entries.map((entry) => ('text' in entry ? [entry.kind, entry.text] : [entry.kind]))).toEqual([
      ['notice', 'task t1 ended (exit 0)'],
      ['user', 'did the tests pass?'],
    ]);
  });
});
