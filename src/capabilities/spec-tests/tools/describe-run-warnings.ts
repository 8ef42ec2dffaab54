import type { TestRun } from '../../../engines/testing/test-run.js';

/**
 * The warnings of a run, for the model: the operations whose passing checks prove nothing because
 * no case reached their logic, each with its evidence and what to do. Empty when there are none.
 */
export function describeRunWarnings(run: TestRun): string[] {
  const warnings = run.warnings ?? [];
  if (warnings.length === 0) return [];
  return [
    '',
    `Warnings (${warnings.length}): no case reached the logic of these operations, so their passing checks prove nothing — fix this before reading the run as a pass:`,
    ...warnings.map((warning) => `⚠ ${warning.kind} ${warning.operation}: ${warning.message}. ${warning.evidence}. To do: ${warning.advice}.`),
  ];
}
