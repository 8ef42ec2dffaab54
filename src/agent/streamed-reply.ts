import type { AgentEvent } from './events.js';

/**
 * The text streamed so far of the model reply under way, once `event` happened. A call starts with
 * its turn and ends with its usage (or the run's end); a retry, a switch of provider or a compaction
 * starts it over, as front ends clear what they showed of it. Empty between calls.
 */
export function streamedReplyAfter(streamed: string, event: AgentEvent): string {
  switch (event.type) {
    case 'text_delta':
      return streamed + event.text;
    case 'turn_start':
    case 'retry':
    case 'provider_switch':
    case 'compaction':
    case 'usage':
    case 'run_end':
      return '';
    default:
      return streamed;
  }
}
