import type { RecordedRequest } from '../../../engines/testing/test-run.js';

/** One check of a step that did not hold: what it wanted, what came. */
export interface StepFailure {
  check: string;
  expected: string;
  actual: string;
}

/** What one step did (one per row of a `foreach`). */
export interface StepResult {
  /** The step's place in the flow, from 0. */
  index: number;
  name: string;
  kind: 'request' | 'wait' | 'websocket';
  /** With `foreach`: which row, from 0, and its values. */
  row?: { index: number; values: Record<string, string> };
  outcome: 'passed' | 'failed' | 'skipped';
  /** Why it was skipped (`if` did not hold) or why it failed without a response. */
  reason?: string;
  status?: number;
  durationMs: number;
  /** With `until`: how many times it was sent. */
  attempts?: number;
  request?: RecordedRequest;
  response?: { status: number; headers: Record<string, string | string[]>; body: string };
  failures: StepFailure[];
  /** The variables it set, by name. */
  extracted: string[];
  /** A shell line that sends the request again. */
  curl?: string;
  /** What the API's server printed about it (500 or more, or no answer), when Falcon runs the server. */
  serverLog?: string[];
  /** A WebSocket step's exchange, once connected. */
  websocket?: WebSocketStepExchange;
}

/** What a WebSocket step sent and received, each message as text. */
export interface WebSocketStepExchange {
  url: string;
  /** The subprotocol the server chose ('' for none). */
  protocol: string;
  sent: string[];
  /** `atMs`: since the connection opened; `matched`: it held every expectation. */
  received: Array<{ text: string; atMs: number; matched: boolean }>;
  matched: number;
  count: number;
  withinMs: number;
  /** The AsyncAPI message its messages were checked against. */
  schema?: string;
}

export interface FlowRun {
  name: string;
  /** The flow file, when it came from one. */
  file?: string;
  passed: boolean;
  steps: StepResult[];
  durationMs: number;
  startedAt: string;
}
