import type { StepResult } from '../flow-run.js';

/** `product [row 2: sku=B-2]`: the step's name, and with `foreach` which row (counted from 1) and its values. */
export function stepResultLabel(step: StepResult): string {
  if (!step.row) return step.name;
  const values = Object.entries(step.row.values)
    .map(([column, value]) => `${column}=${value}`)
    .join(', ');
  return `${step.name} [row ${step.row.index + 1}${values ? `: ${values}` : ''}]`;
}

/** A step that failed without any response (a WebSocket step without a connection): an error in JUnit terms, not a failed check. */
export function isStepError(step: StepResult): boolean {
  if (step.outcome !== 'failed') return false;
  if (step.kind === 'websocket') return step.websocket === undefined;
  return step.response === undefined && step.kind === 'request';
}
