import type { SpecOperation } from '../spec/spec-format.js';
import { selectOperations } from '../testing/select-operations.js';
import { PerfUsageError } from './perf-usage-error.js';

export interface WeightedOperation {
  operation: SpecOperation;
  weight: number;
}

// `=` appears in no pattern: operationIds hold only letters, digits, `_`, `.` and `-`, `*` is the
// path wildcard, and a path ending in `=<digits>` is not one an API would have.
const WEIGHT_SUFFIX = /^(.*?)\s*=\s*(\d+)\s*$/;

/**
 * The operations the patterns name, each with its share of the load. A pattern is what `falcon
 * test` takes (an operationId, `GET /users/{id}`, `/users*`, `tag:users`), optionally followed by
 * `=N`, a whole-number weight (default 1): `["listUsers=3", "GET /users/{id}"]` sends three
 * listUsers for each GET /users/{id}. A pattern matching several operations gives each that
 * weight; an operation named by several patterns takes the weight of the last one, so a specific
 * pattern after a broad one adjusts it (`["tag:users", "listUsers=5"]`).
 */
export function weightedOperations(operations: SpecOperation[], patterns: readonly string[]): WeightedOperation[] {
  if (patterns.length === 0) throw new PerfUsageError('give at least one operation: an operationId, "METHOD /path", "/path*" or "tag:name"');
  const chosen = new Map<string, WeightedOperation>();
  for (const text of patterns) {
    const { pattern, weight } = parseWeightedPattern(text);
    for (const operation of selectOperations(operations, { include: [pattern] })) chosen.set(operation.id, { operation, weight });
  }
  return [...chosen.values()];
}

export function parseWeightedPattern(text: string): { pattern: string; weight: number } {
  const match = WEIGHT_SUFFIX.exec(text);
  if (!match) return { pattern: text.trim(), weight: 1 };
  const weight = Number(match[2]);
  if (weight < 1 || !Number.isSafeInteger(weight))
    throw new PerfUsageError(`"${text}": a weight after "=" is a whole number of at least 1, e.g. "listUsers=3"`);
  return { pattern: match[1]!, weight };
}
