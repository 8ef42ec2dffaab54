import type { AgentEvent } from './events.js';

/** A model call silent for this long is worth telling the user about. */
export const MODEL_WAIT_SHOWN_AFTER_MS = 5000;

/**
 * Since when the model call under way has sent nothing, once `event` happened at `now`: a call
 * starts with its turn and ends with its usage (a compaction's usage is not its end); each delta, switch or compaction restarts the
 * count, and a retry restarts it when the retry is sent. `undefined` when no call is under way.
 */
export function modelSilentSince(event: AgentEvent, since: number | undefined, now: number): number | undefined {
  switch (event.type) {
    case 'turn_start':
    case 'text_delta':
    case 'thinking_delta':
    case 'provider_switch':
      return now;
    case 'retry':
      return now + event.delayMs;
    case 'compaction':
      return since === undefined ? undefined : now;
    case 'usage':
      // A compaction's call ends before the turn's own starts.
      return event.purpose === 'compaction' && since !== undefined ? now : undefined;
    case 'run_end':
      return undefined;
    default:
      return since;
  }
}

/** `waiting for the model (45 s)` */
export function describeModelWait(waitedMs: number): string {
  return `waiting for the model (${Math.floor(waitedMs / 1000)} s)`;
}
