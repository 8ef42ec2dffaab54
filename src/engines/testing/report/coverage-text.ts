import { type CoverageCount, coverageFigures, formatPercent, percentSeen } from '../coverage/coverage-figures.js';
import { fullyCovered, type OperationItems, operationItems } from '../coverage/coverage-items.js';
import type { OperationCoverage, RunCoverage } from '../coverage/run-coverage.js';

/** What the Markdown and HTML reports say coverage counts, under its heading (plain text). */
export const COVERAGE_RULES =
  'A documented response is seen when some request of the run, a check’s probe included, got a status it stands for: its code, else its range (4XX), else default. ' +
  'Each optional parameter counts present and absent, and each value of a parameter’s enum counts once sent; each optional request-body property counts once sent. ' +
  'A status the operation does not document is a finding (status_code_conformance), not coverage.';

/** One row of the overview: the operation, then its figures as `seen/total` (`—` for none to see). */
export function overviewCells(operation: OperationCoverage): string[] {
  const figures = coverageFigures([operation]);
  return [fraction(figures.responses), fraction(figures.parameters), fraction(figures.bodyProperties)];
}

export const OVERVIEW_HEADINGS = ['Operation', 'Responses', 'Parameters', 'Body properties'];

/** The operations a report details: those with something not seen or an undocumented status. */
export function detailedOperations(coverage: RunCoverage): OperationCoverage[] {
  return coverage.operations.filter((operation) => !fullyCovered(operation) || operation.undocumented.length > 0);
}

/** The rows of an operation's table: each kind it documents, its seen and not-seen items. */
export function detailRows(operation: OperationCoverage): Array<{ kind: string; seen: string[]; unseen: string[] }> {
  const items: OperationItems = operationItems(operation);
  const rows = [
    { kind: 'Responses', ...items.responses },
    { kind: 'Parameters', ...items.parameters },
    { kind: 'Body properties', ...items.bodyProperties },
  ]
    .filter((row) => row.seen.length + row.unseen.length > 0)
    .map((row) => ({ ...row, kind: `${row.kind} ${row.seen.length}/${row.seen.length + row.unseen.length}` }));
  if (operation.undocumented.length > 0)
    rows.push({ kind: 'Undocumented statuses (findings, not counted)', seen: operation.undocumented.map(String), unseen: [] });
  return rows;
}

/** `The run required 90% of documented responses (--min-coverage) and saw 82.9%: it fails.` */
export function requirementLine(coverage: RunCoverage, minimum: number | undefined): string | undefined {
  if (minimum === undefined) return undefined;
  const percent = percentSeen(coverageFigures(coverage.operations).responses);
  const met = percent !== undefined && percent >= minimum;
  const saw = percent === undefined ? 'there were none to see' : `it saw ${formatPercent(percent)}`;
  return `The run required ${minimum}% of documented responses seen (--min-coverage); ${saw}: ${met ? 'met' : 'the run fails'}.`;
}

/** `Also reached, not counted (another shard's or filtered out): getPet, deletePet.` */
export function reachedLine(coverage: RunCoverage): string | undefined {
  if (!coverage.reached?.length) return undefined;
  return `Also reached by the run's requests, not counted (outside its operations): ${coverage.reached.map((operation) => operation.operation).join(', ')}.`;
}

function fraction(count: CoverageCount): string {
  return count.total === 0 ? '—' : `${count.seen}/${count.total}`;
}
