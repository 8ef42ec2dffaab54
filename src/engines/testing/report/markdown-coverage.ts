import { coverageSummary } from '../coverage/coverage-figures.js';
import type { TestRun } from '../test-run.js';
import { COVERAGE_RULES, detailedOperations, detailRows, OVERVIEW_HEADINGS, overviewCells, reachedLine, requirementLine } from './coverage-text.js';
import { markdownCode, markdownRow, markdownText } from './markdown-text.js';

/**
 * The coverage section of the Markdown report, empty for a run without coverage: the figures, an
 * overview row per operation, then a table per operation with something not seen, listing it.
 */
export function markdownCoverage(run: TestRun): string[] {
  const { coverage } = run;
  if (!coverage) return [];
  const lines = ['', '## Coverage', '', markdownText(coverageSummary(coverage)), '', `_${markdownText(COVERAGE_RULES)}_`];
  const required = requirementLine(coverage, run.minCoverage);
  if (required) lines.push('', markdownText(required));
  lines.push(
    '',
    markdownRow(OVERVIEW_HEADINGS),
    markdownRow(['---', '---:', '---:', '---:']),
    ...coverage.operations.map((operation) =>
      markdownRow([`${markdownCode(operation.operation)} ${markdownText(`${operation.method} ${operation.path}`)}`, ...overviewCells(operation)]),
    ),
  );
  const reached = reachedLine(coverage);
  if (reached) lines.push('', markdownText(reached));
  for (const operation of detailedOperations(coverage)) {
    lines.push(
      '',
      `### ${markdownCode(operation.operation)} — ${markdownText(`${operation.method} ${operation.path}`)}`,
      '',
      markdownRow(['', 'Seen', 'Not seen']),
      markdownRow(['---', '---', '---']),
      ...detailRows(operation).map((row) => markdownRow([row.kind, codes(row.seen), codes(row.unseen)])),
    );
  }
  return lines;
}

function codes(items: string[]): string {
  return items.length === 0 ? '—' : items.map(markdownCode).join(', ');
}
