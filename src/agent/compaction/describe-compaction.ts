import type { AgentEvent } from '../events.js';

const METHODS = {
  summary: 'summarised by the model',
  transcript: 'summarised by the model from a transcript',
  elision: 'older outputs elided; no summary could be written',
} as const;

/** The line a front end shows when the history was compacted. */
export function describeCompaction(event: Extract<AgentEvent, { type: 'compaction' }>): string {
  const why =
    event.reason === 'overflow' ? ' after the model said its context was full' : event.reason === 'threshold' ? ' to stay inside the context window' : '';
  const tokens = (n: number) => n.toLocaleString('en-US');
  return (
    `Compacted the conversation${why}: ${event.replacedMessages} older messages became a checkpoint ` +
    `(${METHODS[event.method]}), ${event.keptMessages} recent kept; about ${tokens(event.tokensBefore)} → ` +
    `${tokens(event.tokensAfter)} tokens. The session file keeps every message.`
  );
}
