import { bodyLines, headerLines } from '../../../../engines/testing/report/report-text.js';
import type { StepResult } from '../flow-run.js';
import { webSocketLines } from './websocket-step-text.js';

/** `$.status: expected "paid", actual "pending"`, one per check that did not hold; the reason when none. */
export function failureSummaries(step: StepResult): string[] {
  const checks = step.failures.map((failure) => `${failure.check}: expected ${failure.expected}, actual ${failure.actual}`);
  return step.reason !== undefined ? [step.reason, ...checks] : checks;
}

/** Why a step failed, what it sent and got back, and the line that sends it again: plain text, bodies cut. */
export function failureDetailLines(step: StepResult, maxBodyChars: number): string[] {
  const lines = [...failureSummaries(step)];
  if (step.attempts !== undefined) lines.push(`Attempts: ${step.attempts}`);
  if (step.request) {
    lines.push('', `Request: ${step.request.method} ${step.request.url}`, ...headerLines(step.request.headers), ...bodyLines(step.request.body, maxBodyChars));
  }
  if (step.response) lines.push('', `Response: ${step.response.status}`, ...headerLines(step.response.headers), ...bodyLines(step.response.body, maxBodyChars));
  if (step.websocket) lines.push('', ...webSocketLines(step.websocket, maxBodyChars));
  if (step.curl !== undefined) lines.push('', 'Reproduce:', step.curl);
  return lines;
}
