// A session file holds the agent's events (AgentEvent). The layers below the agent know of an event
// its type, and the shapes of the few they read back, declared here and included in AgentEvent.

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
  output: string;
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
