/**
 * A flow as `.falcon/flows/NAME.yaml` holds it, once validated against schemas/falcon-flow.schema.json
 * (flow-validation.ts). Durations are as written (`100ms`, `2s`, or milliseconds).
 */
export interface Flow {
  name?: string;
  description?: string;
  vars?: Record<string, string | number | boolean>;
  steps: FlowStep[];
}

export type FlowStep = WaitStep | RequestStep | WebSocketStep;

export type Duration = string | number;

/** `{{VAR}}` (skipped when empty, `false` or `0`), a literal, or `{equals: [a, b]}`. */
export type StepCondition = string | number | boolean | { equals: [unknown, unknown] };

export interface WaitStep {
  name?: string;
  wait: Duration;
  if?: StepCondition;
}

export interface FlowRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

/** The saved-request assertion fields (engines/requests/saved-assertions.ts). */
export type FlowAssertions = Record<string, unknown>;

export interface RequestStep {
  name?: string;
  /** A saved request's name, or the request itself. */
  request: string | FlowRequest;
  assertions?: FlowAssertions;
  /** Variable → `$.json.path`, `header:Name` or `regex:PATTERN`. */
  extract?: Record<string, string>;
  /** Assertions retried until they hold. */
  until?: FlowAssertions;
  retry?: { times?: number; every?: Duration };
  /** A CSV or JSON file beside the flow, or the rows themselves. */
  foreach?: string | Array<Record<string, unknown>>;
  if?: StepCondition;
  continue_on_failure?: boolean;
  timeout?: Duration;
}

/** A message: a string as it is, anything else as JSON. */
export type WebSocketMessage = unknown;

/** A WebSocket exchange: connect, send, wait for `count` messages matching `expect` `within` a time, close. */
export interface WebSocketStep {
  name?: string;
  websocket: { url: string; headers?: Record<string, string>; subprotocols?: string[]; timeout?: Duration };
  /** One message, or a list of them sent in order. */
  send?: WebSocketMessage;
  expect?: { json_path?: Record<string, unknown>; contains?: string | string[]; count?: number; within?: Duration };
  /** Variable → `$.json.path` of the last message that matched. */
  extract?: Record<string, string>;
  if?: StepCondition;
  continue_on_failure?: boolean;
}

export function isWaitStep(step: FlowStep): step is WaitStep {
  return 'wait' in step;
}

export function isWebSocketStep(step: FlowStep): step is WebSocketStep {
  return 'websocket' in step;
}
