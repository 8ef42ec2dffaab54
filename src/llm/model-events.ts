// What a model tells its caller while a call lasts; the agent passes these on among its own events.
// Both mean "the text streamed so far in this call is void": a new attempt starts from scratch.

export interface RetryEvent {
  type: 'retry';
  attempt: number;
  delayMs: number;
  reason: string;
}

export interface ProviderSwitchEvent {
  type: 'provider_switch';
  from: string;
  to: string;
  reason: string;
}

export type ModelEvent = RetryEvent | ProviderSwitchEvent;
