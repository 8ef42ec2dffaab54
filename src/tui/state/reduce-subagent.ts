import type { AgentEvent } from '../../agent/events.js';
import { innermostEvent } from '../../agent/subagents/innermost-event.js';
import { addUsage } from '../../agent/usage/usage-totals.js';
import { fitLabel, labelOfCall } from '../../kit/tool/call-label.js';
import type { RunningSubagent, ViewState } from './view-state.js';

type SubagentEvent = Extract<AgentEvent, { type: 'subagent' }>;

/**
 * A sub-agent's event: its tokens count as the session's, and while the call that runs it is the
 * running tool, it is one live line under that call, from its start to its end. Background ones run
 * under no call; their end is told as a task's.
 */
export function reduceSubagent(state: ViewState, event: SubagentEvent): ViewState {
  const inner = innermostEvent(event);
  const counted = inner.type === 'usage' ? { ...state, usage: addUsage(state.usage, inner) } : state;
  const running = counted.running;
  if (event.background || !running) return counted;
  const lines = running.subagents ?? [];
  const own = event.event;
  if (own.type === 'run_start') {
    const line: RunningSubagent = { label: event.agent, task: own.input, startedAt: Date.now(), step: 'thinking' };
    return { ...counted, running: { ...running, subagents: [...lines, line] } };
  }
  if (own.type === 'run_end') {
    return { ...counted, running: { ...running, subagents: lines.filter((line) => line.label !== event.agent) } };
  }
  const step = stepOf(own);
  if (step === undefined) return counted;
  return { ...counted, running: { ...running, subagents: lines.map((line) => (line.label === event.agent ? { ...line, step } : line)) } };
}

/** What an event says a sub-agent is doing now; undefined when it says nothing new. */
function stepOf(event: AgentEvent): string | undefined {
  switch (event.type) {
    case 'tool_call':
      return fitLabel(labelOfCall(event));
    case 'tool_result':
    case 'turn_start':
      return 'thinking';
    case 'retry':
      return `waiting to retry the model: ${event.reason}`;
    case 'subagent': {
      const nested = stepOf(event.event);
      return nested === undefined ? undefined : `${event.agent} ${nested}`;
    }
    default:
      return undefined;
  }
}
