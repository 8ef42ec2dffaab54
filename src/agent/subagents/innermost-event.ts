import type { AgentEvent } from '../events.js';

/** The event a sub-agent's (or a sub-agent's sub-agent's) `subagent` wrapper carries; any other event itself. */
export function innermostEvent(event: AgentEvent): AgentEvent {
  let inner = event;
  while (inner.type === 'subagent') inner = inner.event;
  return inner;
}
