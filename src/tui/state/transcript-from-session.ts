import type { AgentEvent } from '../../agent/events.js';
import { TASK_NOTE_PREFIX } from '../../agent/tasks/task-end-note.js';
import { recordsOnPath } from '../../workspace/session-lineage.js';
import type { SessionRecord } from '../../workspace/session-store.js';
import { describeAttachedFile, readMessageWithFiles } from './attached-file-blocks.js';
import { reduceView } from './reduce-view.js';
import { initialViewState, type ViewState } from './view-state.js';

const OBSERVATION_PREFIX = 'Observation: ';

/** Rebuilds the view of a resumed session from its file: what was said and done, as it was shown (what a rewind took back left out). */
export function viewFromSession(records: readonly SessionRecord<AgentEvent>[], liveAnswerLines?: number): ViewState {
  let state = initialViewState({ liveAnswerLines });
  for (const record of recordsOnPath(records)) {
    if (record.kind === 'rewind') {
      state = reduceView(state, { type: 'notice', tone: 'info', text: `Rewound: the conversation goes on from before message ${record.message}.` });
    }
    if (record.kind === 'message' && record.role === 'user' && isTypedByUser(record.content)) {
      state = reduceView(state, { type: 'user_message', text: shownAsTyped(record.content) });
    }
    if (record.kind === 'message' && record.interrupted) {
      state = reduceView(state, { type: 'agent', events: [{ type: 'reply_interrupted', text: record.content }] });
    }
    if (record.kind === 'event') state = reduceView(state, { type: 'agent', events: [record.event] });
  }
  // A session that ended mid-run (a crash) must not reopen waiting for a tool or an answer.
  return { ...state, status: 'ready', stream: '', committedAnswer: 0, modelSilentSince: undefined, running: undefined, confirmation: undefined, queued: [] };
}

/** What the user typed, and a line for each file it attached rather than the file's text, as it was shown when sent. */
export function shownAsTyped(content: string): string {
  const { typed, files } = readMessageWithFiles(content);
  return [typed, ...files.map(describeAttachedFile)].join('\n');
}

/** Not an observation, nor a note about a background task (shown as the task's own notice, from its `task_end` event). */
export function isTypedByUser(content: string): boolean {
  return !content.startsWith(OBSERVATION_PREFIX) && !content.startsWith(TASK_NOTE_PREFIX);
}
