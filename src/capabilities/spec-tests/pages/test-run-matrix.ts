import { htmlSection } from '../../../engines/perf/report/html-page.js';
import { escapeMarkupText as text } from '../../../engines/testing/report/markup-escape.js';
import type { CaseResult, FindingKind, TestRun } from '../../../engines/testing/test-run.js';
import { plural } from '../../../kit/page-text.js';

interface OperationRow {
  operation: string;
  results: CaseResult[];
  /** Per check, how many of the operation's cases failed it. */
  failures: number[];
  failedCases: number;
}

const PASSED_CELL = '<td class="pass matrix-mark" aria-label="passed" title="passed">·</td>';
const UNJUDGED_CELL = '<td class="untested matrix-mark" aria-label="no response to judge" title="no response to judge">–</td>';

/**
 * Each operation against each check that was on (and any other kind of finding the run made), the
 * operations with failed cases first, most failed first. A cell names only what failed and how many
 * cases; a check that held is a dot. Check names are headers turned on their side, so the columns
 * stay narrow without breaking a name.
 */
export function matrixSection(run: TestRun): string[] {
  const kinds: FindingKind[] = [...run.checks];
  for (const result of run.results) for (const finding of result.findings) if (!kinds.includes(finding.kind)) kinds.push(finding.kind);
  const rows = operationRows(run.results, kinds);
  if (rows.length === 0) return htmlSection('by-operation', 'By operation and check', ['<p>The run sent no cases.</p>']);
  const failing = rows.filter((row) => row.failedCases > 0).length;
  return htmlSection('by-operation', 'By operation and check', [
    `<p class="legend">${failing === 0 ? 'No operation failed a check.' : `${plural(failing, 'operation')} failed a check, listed first.`} <span class="fail">✗ <var>n</var></span>: <var>n</var> cases failed the check · <span class="pass">·</span>: it held · <span class="untested">–</span>: no response to judge.</p>`,
    '<div class="table-scroll"><table class="matrix">',
    `<caption>${plural(rows.length, 'operation')} against ${plural(kinds.length, 'check')}, failing operations first</caption>`,
    `<thead><tr><th scope="col" class="operation">Operation</th><th scope="col" class="number">Cases passed</th>${kinds.map((kind) => `<th scope="col" class="check"><span><code>${text(kind)}</code></span></th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map(matrixRow),
    '</tbody></table></div>',
  ]);
}

function operationRows(results: readonly CaseResult[], kinds: readonly FindingKind[]): OperationRow[] {
  const byOperation = new Map<string, CaseResult[]>();
  for (const result of results) {
    const operation = result.case.operationId ?? `${result.case.request.method} ${result.case.request.path}`;
    byOperation.set(operation, [...(byOperation.get(operation) ?? []), result]);
  }
  const rows = [...byOperation].map(([operation, ofOperation]) => ({
    operation,
    results: ofOperation,
    failures: kinds.map((kind) => ofOperation.filter((result) => result.findings.some((finding) => finding.kind === kind)).length),
    failedCases: ofOperation.filter((result) => result.outcome === 'failed').length,
  }));
  // A stable sort: operations that failed equally keep the order the run met them in.
  return rows.sort((a, b) => b.failedCases - a.failedCases);
}

function matrixRow(row: OperationRow): string {
  const answered = row.results.some((result) => result.response !== undefined);
  const passed = row.results.filter((result) => result.outcome === 'passed').length;
  const cells = row.failures.map((failures) => {
    if (failures > 0) return `<td class="fail matrix-mark">✗ ${failures}</td>`;
    return answered ? PASSED_CELL : UNJUDGED_CELL;
  });
  return `<tr><th scope="row"><code>${text(row.operation)}</code></th><td class="number">${passed} / ${row.results.length}</td>${cells.join('')}</tr>`;
}
