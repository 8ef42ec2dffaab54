import { htmlSection } from '../../../engines/perf/report/html-page.js';
import { reproductionText } from '../../../engines/testing/report/chain-reproduction.js';
import { escapeMarkupText as text } from '../../../engines/testing/report/markup-escape.js';
import { formatDuration, headerLines, readableBody, responseSummary, resultsByOutcome } from '../../../engines/testing/report/report-text.js';
import { coverageSummary } from '../../../engines/testing/coverage/coverage-figures.js';
import { type CaseResult, type TestRun, tallyRun } from '../../../engines/testing/test-run.js';
import { TEST_REPORT_PLACE } from '../test-report-place.js';
import type { Page } from '../../../kit/page.js';
import { matrixSection } from './test-run-matrix.js';

/**
 * A spec test run: its figures, a table of each operation against each check (failing operations
 * first, see test-run-matrix.ts), then every failure with the request, the response and the curl line that sends
 * it again, then the skipped and passed cases.
 */
export function testRunPage(fileName: string, run: TestRun): Page {
  const tally = tallyRun(run);
  const { failed, skipped, passed } = resultsByOutcome(run.results);
  const facts: Array<[string, string]> = [
    ['Base URL', `<code>${text(run.baseUrl)}</code>`],
    ['Started', text(run.startedAt)],
    ['Took', text(formatDuration(run.durationMs))],
    ['Cases', `${tally.cases}: <span class="pass">${tally.passed} passed</span>, <span class="fail">${tally.failed} failed</span>, ${tally.skipped} skipped`],
    ['Operations covered', `${run.operations.covered} of ${run.operations.total}`],
    ...(run.coverage ? [['Coverage', text(coverageSummary(run.coverage))] as [string, string]] : []),
    ['File', `<code>.falcon/reports/${text(fileName)}</code>`],
  ];
  return {
    title: `${TEST_REPORT_PLACE.one}: ${run.title}`,
    section: TEST_REPORT_PLACE.section,
    main: [
      `<p><a href="${TEST_REPORT_PLACE.path}">All test runs</a></p>`,
      `<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`,
      ...warningsSection(run),
      ...matrixSection(run),
      ...htmlSection(
        'failures',
        `Failed cases (${failed.length})`,
        failed.length === 0 ? ['<p class="pass">✓ None failed.</p>'] : failed.map((result, index) => failureArticle(run, result, `failure-${index + 1}`)),
      ),
      ...(skipped.length > 0
        ? htmlSection('skipped', `Skipped cases (${skipped.length})`, [
            '<ul>',
            ...skipped.map((result) => `<li>${text(result.case.name)} <code>${text(result.case.id)}</code>: ${text(result.skipReason ?? 'not sent')}</li>`),
            '</ul>',
          ])
        : []),
      ...passedSection(passed),
    ],
  };
}

function warningsSection(run: TestRun): string[] {
  const warnings = run.warnings ?? [];
  if (warnings.length === 0) return [];
  const items = warnings.map(
    (warning) =>
      `<li><strong><code>${text(warning.kind)}</code> ${text(warning.operation)}</strong>: ${text(warning.message)} (${text(warning.evidence)}). ${text(warning.advice)}</li>`,
  );
  return htmlSection('warnings', `Warnings (${warnings.length}): operations the run proved nothing about`, ['<ul>', ...items, '</ul>']);
}

function failureArticle(run: TestRun, result: CaseResult, id: string): string {
  const testCase = result.case;
  const facts: Array<[string, string]> = [
    ['Case', `<code>${text(testCase.id)}</code>`],
    ['Kind', text(testCase.kind)],
  ];
  if (testCase.operationId) facts.push(['Operation', `<code>${text(testCase.operationId)}</code>`]);
  if (testCase.mutation) facts.push(['Mutation', text(testCase.mutation)]);
  facts.push(['Time', text(formatDuration(result.durationMs))]);
  const parts = [
    `<article class="failure" aria-labelledby="${id}">`,
    `<h3 id="${id}">✗ ${text(testCase.name)}</h3>`,
    `<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`,
    `<ul>${result.findings.map((finding) => `<li><code>${text(finding.kind)}</code> ${text(finding.message)}</li>`).join('')}</ul>`,
  ];
  if (result.request) {
    const request = result.request;
    const lines = [`${request.method} ${request.url}`, ...headerLines(request.headers)];
    if (request.body) lines.push('', readableBody(request.body));
    parts.push('<h4>Request</h4>', `<pre>${text(lines.join('\n'))}</pre>`);
  }
  if (result.response) {
    const response = result.response;
    const lines = [`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`, ...headerLines(response.headers)];
    if (response.body) lines.push('', readableBody(response.body));
    parts.push(`<h4>Response: ${text(responseSummary(response))}</h4>`, `<pre>${text(lines.join('\n'))}</pre>`);
  } else if (result.request) {
    parts.push('<h4>Response: none, the request got no answer</h4>');
  }
  for (const { label, request, response } of result.followUps ?? []) {
    const lines = [`${request.method} ${request.url}`, ...(response?.body ? ['', readableBody(response.body)] : [])];
    parts.push(`<h4>Then, ${text(label)}: ${response ? text(responseSummary(response)) : 'no answer'}</h4>`, `<pre>${text(lines.join('\n'))}</pre>`);
  }
  if (result.request) parts.push('<h4>Reproduce</h4>', `<pre class="curl">${text(reproductionText(run, result))}</pre>`);
  parts.push('</article>');
  return parts.join('\n');
}

function passedSection(passed: CaseResult[]): string[] {
  if (passed.length === 0) return [];
  const rows = passed.map(
    (result) =>
      `<tr><th scope="row">${text(result.case.name)}</th><td><code>${text(result.case.id)}</code></td><td class="number">${result.response ? result.response.status : ''}</td><td class="number">${text(formatDuration(result.durationMs))}</td></tr>`,
  );
  return htmlSection('passed', `Passed cases (${passed.length})`, [
    '<details><summary>Show the passed cases</summary>',
    '<div class="table-scroll"><table>',
    '<caption>Each passed case, its status and time</caption>',
    '<thead><tr><th scope="col">Case</th><th scope="col">Id</th><th scope="col" class="number">Status</th><th scope="col" class="number">Time</th></tr></thead>',
    '<tbody>',
    ...rows,
    '</tbody></table></div>',
    '</details>',
  ]);
}
