import { maskText } from '../../../safety/mask-text.js';
import { terminalSafeText } from '../../../safety/terminal-text.js';
import type { MockLogEntry } from '../engine/mock-log-entry.js';

/** `GET /pets/7 200 getPet`, or `POST /pets 422 createPet: body.name: required, missing`; a key in a query (`?api_key=…`) or a value a problem quotes masked. */
export function mockLogLine(entry: MockLogEntry): string {
  const operation = entry.operationId ? ` ${entry.operationId}` : '';
  const problems = entry.problems.length > 0 ? `: ${entry.problems.join('; ')}` : '';
  const line = `${entry.method} ${entry.path} ${entry.status}${operation}${problems}`;
  // Only a query, or a problem quoting what was sent, carries a secret into a line; the rest is the spec's own words.
  return terminalSafeText(entry.path.includes('?') || entry.problems.length > 0 ? maskText(line) : line);
}
