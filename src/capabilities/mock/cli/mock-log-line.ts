import { terminalSafeText } from '../../../safety/terminal-text.js';
import type { MockLogEntry } from '../engine/mock-log-entry.js';

/** `GET /pets/7 200 getPet`, or `POST /pets 422 createPet: body.name: required, missing`. */
export function mockLogLine(entry: MockLogEntry): string {
  const operation = entry.operationId ? ` ${entry.operationId}` : '';
  const problems = entry.problems.length > 0 ? `: ${entry.problems.join('; ')}` : '';
  return terminalSafeText(`${entry.method} ${entry.path} ${entry.status}${operation}${problems}`);
}
