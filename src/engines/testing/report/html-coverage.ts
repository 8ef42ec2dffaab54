import { coverageSummary } from '../coverage/coverage-figures.js';
import type { TestRun } from '../test-run.js';
import { COVERAGE_RULES, detailedOperations, detailRows, OVERVIEW_HEADINGS, overviewCells, reachedLine, requirementLine } from './coverage-text.js';
import { htmlTable } from './html-table.js';
import { escapeMarkupText as html } from './markup-escape.js';

/**
 * The coverage section of the HTML report, empty for a run without coverage: the figures, an
 * overview row per operation, then a table per operation with something not seen, listing it.
 */
export function htmlCoverage(run: TestRun): string[] {
  const { coverage } = run;
  if (!coverage) return [];
  const parts = ['<h2>Coverage</h2>', `<p class="coverage">${html(coverageSummary(coverage))}</p>`, `<p class="meta">${html(COVERAGE_RULES)}</p>`];
  const required = requirementLine(coverage, run.minCoverage);
  if (required) parts.push(`<p>${html(required)}</p>`);
  parts.push(
    htmlTable(
      OVERVIEW_HEADINGS,
      coverage.operations.map((operation) => [
        `<code>${html(operation.operation)}</code> ${html(`${operation.method} ${operation.path}`)}`,
        ...overviewCells(operation),
      ]),
      [1, 2, 3],
    ),
  );
  const reached = reachedLine(coverage);
  if (reached) parts.push(`<p class="meta">${html(reached)}</p>`);
  for (const operation of detailedOperations(coverage)) {
    parts.push(
      `<h3><code>${html(operation.operation)}</code> — ${html(`${operation.method} ${operation.path}`)}</h3>`,
      htmlTable(
        ['', 'Seen', 'Not seen'],
        detailRows(operation).map((row) => [html(row.kind), codes(row.seen), codes(row.unseen)]),
        [],
      ),
    );
  }
  return parts;
}

function codes(items: string[]): string {
  return items.length === 0 ? '—' : items.map((item) => `<code>${html(item)}</code>`).join(', ');
}
