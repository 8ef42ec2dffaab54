import { maskText } from '../../../safety/mask-text.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import type { MockLogEntry } from '../engine/mock-log-entry.js';

/** `GET /pets/7 200 getPet`, or `POST /pets 422 createPet: body.name: required, missing`; a key in a query (`?api_key=…`) masked. */
export function mockLogLine(entry: MockLogEntry): string {
  const operation = entry.operationId ? ` ${entry.operationId}` : '';
  const problems = entry.problems.length > 0 ? `: ${entry.problems.join('; ')}` : '';
  const line = `${entry.method} ${entry.path} ${entry.status}${operation}${problems}`;
  // Only a query carries a secret a mock can see in a line; the rest is the spec's own words.
  return terminalSafeText(entry.path.includes('?') ? maskText(line) : line);
}
