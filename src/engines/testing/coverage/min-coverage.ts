import { coverageFigures, formatPercent, percentSeen } from './coverage-figures.js';
import { operationItems } from './coverage-items.js';
import type { RunCoverage } from './run-coverage.js';

/** Responses not seen that the line names before pointing to the report. */
const NAMED_UNSEEN = 5;

/**
 * Why a run falls short of its `--min-coverage` (the share of documented responses it had to see,
 * in percent), in one line; undefined when it meets it. A run without coverage, or whose
 * operations document no response, cannot meet any.
 */
export function coverageShortfall(coverage: RunCoverage | undefined, minimum: number): string | undefined {
  const required = `--min-coverage ${minimum}%`;
  if (!coverage) return `${required}: the run measured no coverage (only falcon test of a spec's operations does)`;
  const responses = coverageFigures(coverage.operations).responses;
  const percent = percentSeen(responses);
  if (percent === undefined) return `${required}: the operations tested document no responses, so none could be seen`;
  if (percent >= minimum) return undefined;
  const unseen = coverage.operations.flatMap((operation) => operationItems(operation).responses.unseen.map((status) => `${operation.operation} ${status}`));
  const named = unseen.slice(0, NAMED_UNSEEN).join(', ');
  const more = unseen.length > NAMED_UNSEEN ? `, … (${unseen.length} in all, listed in the report)` : '';
  return `${formatPercent(percent)} of documented responses seen (${responses.seen}/${responses.total}), below ${required}; not seen: ${named}${more}`;
}
