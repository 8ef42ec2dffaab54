import { useEffect, useReducer, type Dispatch } from 'react';
import type { Agent } from '../agent/agent.js';
import type { AgentEvent } from '../agent/events.js';
import { everyFrame } from './frame-clock.js';
import { reduceView, type ViewAction } from './state/reduce-view.js';
import type { ViewState } from './state/view-state.js';

/**
 * The agent's events folded into view state. Streamed text and reasoning wait for the next frame
 * (one render for many deltas); any other event flushes at once, after them, in order.
 */
export function useAgentView(agent: Agent, initial: () => ViewState): [ViewState, Dispatch<ViewAction>] {
  const [state, dispatch] = useReducer(reduceView, undefined, initial);
  useEffect(() => {
    let buffer: AgentEvent[] = [];
    let stopWaiting: (() => void) | undefined;
    const flush = () => {
      stopWaiting?.();
      stopWaiting = undefined;
      if (buffer.length === 0) return;
      const events = buffer;
      buffer = [];
      dispatch({ type: 'agent', events });
    };
    const unsubscribe = agent.subscribe((event) => {
      buffer.push(event);
      if (event.type === 'text_delta' || event.type === 'thinking_delta') stopWaiting ??= everyFrame(flush);
      else flush();
    });
    return () => {
      unsubscribe();
      flush();
    };
  }, [agent]);
  return [state, dispatch];
}
