import { type FlowStep, isWaitStep, isWebSocketStep } from '../../../engines/flow-files/flow-format.js';

/** A step's name before anything is loaded: its own, else the saved request's name, `METHOD url`, `websocket url` or `wait 100ms`. */
export function stepLabel(step: FlowStep): string {
  if (step.name) return step.name;
  if (isWaitStep(step)) return `wait ${String(step.wait)}`;
  if (isWebSocketStep(step)) return `websocket ${step.websocket.url}`;
  if (typeof step.request === 'string') return step.request;
  return `${(step.request.method ?? 'GET').toUpperCase()} ${step.request.url}`;
}
