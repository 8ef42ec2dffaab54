import { useEffect, useReducer, type Dispatch } from 'react';
import type { Agent } from '../agent/agent.js';
import type { AgentEvent } from '../agent/events.js';
import { reduceView, type ViewAction } from './state/reduce-view.js';
import type { ViewState } from './state/view-state.js';

/** Streamed text is folded into the view at most this often: no flicker, little CPU. */
const STREAM_FRAME_MS = 40;

/** The agent's events folded into view state; other events flush at once, in order. */
export function useAgentView(agent: Agent, initial: () => ViewState): [ViewState, Dispatch<ViewAction>] {
  const [state, dispatch] = useReducer(reduceView, undefined, initial);
  useEffect(() => {
    let buffer: AgentEvent[] = [];
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (buffer.length === 0) return;
      const events = buffer;
      buffer = [];
      dispatch({ type: 'agent', events });
    };
    const unsubscribe = agent.subscribe((event) => {
      buffer.push(event);
      if (event.type !== 'text_delta') flush();
      else timer ??= setTimeout(flush, STREAM_FRAME_MS);
    });
    return () => {
      unsubscribe();
      flush();
    };
  }, [agent]);
  return [state, dispatch];
}
