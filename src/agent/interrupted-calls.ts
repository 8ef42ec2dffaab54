import type { SessionStore } from '../workspace/session-store.js';
import type { AgentEvent } from './events.js';
import { formatObservation } from './observation.js';

const INTERRUPTED =
  'Interrupted: Falcon stopped (killed or crashed) before this call finished. What it did, if anything, is unknown; ' + 'check before you repeat it.';

/**
 * A session that stopped while a tool ran (kill -9, a crash, a closed terminal) resumes with that call
 * answered, so the model never sees a call without its observation and the transcript says what happened.
 */
export function closeInterruptedCalls(session: SessionStore<AgentEvent>): void {
  const finished = new Set<string>();
  const started: { id: string; name: string }[] = [];
  for (const record of session.loadedRecords) {
    if (record.kind !== 'event') continue;
    if (record.event.type === 'tool_call') started.push({ id: record.event.id, name: record.event.name });
    if (record.event.type === 'tool_result') finished.add(record.event.id);
  }
  const interrupted = started.filter((call) => !finished.has(call.id));
  for (const call of interrupted) {
    session.recordEvent({ type: 'tool_result', id: call.id, name: call.name, ok: false, output: INTERRUPTED, durationMs: 0 });
  }
  if (interrupted.length > 0 && session.messages.at(-1)?.role === 'assistant') {
    session.recordMessage({ role: 'user', content: formatObservation(INTERRUPTED) });
  }
}
