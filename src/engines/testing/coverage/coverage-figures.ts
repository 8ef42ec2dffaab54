import type { OperationCoverage, RunCoverage } from './run-coverage.js';

export interface CoverageCount {
  seen: number;
  total: number;
}

/** What a run's (or one operation's) coverage adds up to: documented responses seen, parameter items, optional body properties. */
export interface CoverageFigures {
  responses: CoverageCount;
  parameters: CoverageCount;
  bodyProperties: CoverageCount;
}

/** The figures of the operations given; a run's are those of its `operations` (never of `reached`). */
export function coverageFigures(operations: readonly OperationCoverage[]): CoverageFigures {
  const count = (items: Array<{ seen: boolean }>): CoverageCount => ({ seen: items.filter((item) => item.seen).length, total: items.length });
  return {
    responses: count(operations.flatMap((operation) => operation.responses)),
    parameters: count(operations.flatMap((operation) => operation.parameters)),
    bodyProperties: count(operations.flatMap((operation) => operation.bodyProperties)),
  };
}

/** The share seen in percent; undefined when there is nothing to see. */
export function percentSeen(count: CoverageCount): number | undefined {
  return count.total === 0 ? undefined : (count.seen / count.total) * 100;
}

/** `82.9%`: rounded down to a tenth, so that it never reads as reaching a threshold it misses. */
export function formatPercent(percent: number): string {
  return `${Math.floor(percent * 10) / 10}%`;
}

/** `34/41 documented responses (82.9%), 52/60 parameters, 18/20 body properties`: the summary's line after `Coverage: `. */
export function coverageSummary(coverage: RunCoverage): string {
  const { responses, parameters, bodyProperties } = coverageFigures(coverage.operations);
  const percent = percentSeen(responses);
  return [
    `${responses.seen}/${responses.total} documented responses${percent === undefined ? '' : ` (${formatPercent(percent)})`}`,
    `${parameters.seen}/${parameters.total} parameters`,
    `${bodyProperties.seen}/${bodyProperties.total} body properties`,
  ].join(', ');
}
