// A session file holds the agent's events (AgentEvent). The layers below the agent know of an event
// its type, and the shapes of the few they read back, declared here and included in AgentEvent.
import type { ToolResultDetails } from './tool-result-details.js';

export interface SessionEvent {
  type: string;
}

export interface ToolCallEvent {
  type: 'tool_call';
  id: string;
  name: string;
  args: unknown;
  /** The call as one line, as its tool describes it (`Tool.describe`); absent in a session file written before labels. */
  label?: string;
}

export interface ToolResultEvent {
  type: 'tool_result';
  id: string;
  name: string;
  ok: boolean;
  /** The observation the model read (masked, cut to the observation limit). */
  output: string;
  /** What the screen shows beyond the text (masked by value and shape); absent for a tool with none, a failed call, and in session files written before details. */
  details?: ToolResultDetails;
  durationMs: number;
}

export interface AnswerEvent {
  type: 'answer';
  text: string;
}

export interface ErrorEvent {
  type: 'error';
  message: string;
}

/** The events the session log reads back: the calls, their results, the answers and the errors. */
export type LoggedEvent = ToolCallEvent | ToolResultEvent | AnswerEvent | ErrorEvent;
