import { escapeMarkupText as text } from '../../testing/report/markup-escape.js';
import { formatDuration } from '../../testing/report/report-text.js';
import type { PerfResult } from '../perf-result.js';
import { LATENCY_METRICS } from '../perf-scenario.js';
import { compactTimeline, rowSeconds } from './compact-timeline.js';
import { htmlPage, htmlSection } from './html-page.js';
import { htmlTable } from './html-table.js';
import { loadWords } from './load-words.js';
import { latencyHistogramChart, p95Chart, rpsChart } from './perf-charts.js';
import { PERF_HTML_STYLE } from './perf-html-style.js';
import { LATENCY_HEADINGS, requestRows } from './perf-report-rows.js';
import { formatActual, formatBytes, formatCount, formatFigure, INTERRUPTED_NOTE, loadText, statusRows } from './perf-report-text.js';

/** One self-contained page (inline style and SVG, no script, nothing fetched): the figures, then the charts with their tables. */
export function perfHtml(result: PerfResult, finishedAt = new Date()): string {
  return htmlPage({
    title: `Load test: ${result.target}`,
    style: PERF_HTML_STYLE,
    finishedAt,
    facts: [`ran ${formatDuration(result.duration_s * 1000)}`, loadText(result)],
    main: perfHtmlSections(result),
  });
}

/** The page's content under its header, section by section: the dashboard (src/dashboard/) shows a load run with it too. */
export function perfHtmlSections(result: PerfResult): string[] {
  return [
    ...(result.interrupted ? [`<p class="note" role="note"><strong>Interrupted:</strong> ${text(INTERRUPTED_NOTE)}</p>`] : []),
    ...summarySection(result),
    ...thresholdSection(result),
    ...requestSection(result),
    ...latencySection(result),
    ...timelineSection(result),
  ];
}

function summarySection(result: PerfResult): string[] {
  const perSecond = (bytes: number) => (result.duration_s > 0 ? ` (${formatBytes(bytes / result.duration_s)}/s)` : '');
  const words = loadWords(result);
  const facts: Array<[string, string]> = [
    ['Target', `<code>${text(result.target)}</code>`],
    [
      words.sent,
      text(
        `${formatCount(result.requests.total)} — ${formatCount(result.requests.ok)} ${words.ok.toLowerCase()}, ${formatCount(result.requests.failed)} failed`,
      ),
    ],
    ['Throughput', text(`${formatFigure(result.rps)} ${words.perSecond}`)],
    [
      'Latency',
      text(`p50 ${formatFigure(result.latency_ms.p50)} ms, p95 ${formatFigure(result.latency_ms.p95)} ms, p99 ${formatFigure(result.latency_ms.p99)} ms`),
    ],
    ['Sent', text(`${formatBytes(result.bytes.sent)}${perSecond(result.bytes.sent)}`)],
    ['Received', text(`${formatBytes(result.bytes.received)}${perSecond(result.bytes.received)}`)],
  ];
  return htmlSection('summary', 'Summary', [`<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>`]);
}

function thresholdSection(result: PerfResult): string[] {
  if (result.thresholds.length === 0) return htmlSection('thresholds', 'Thresholds', ['<p>No thresholds were set.</p>']);
  const failed = result.thresholds.filter((threshold) => !threshold.ok).length;
  const verdict =
    failed === 0 ? `<p class="pass">All ${result.thresholds.length} passed.</p>` : `<p class="fail">${failed} of ${result.thresholds.length} failed.</p>`;
  const rows = result.thresholds.map((threshold) => [
    threshold.expr,
    threshold.ok ? { text: '✓ pass', className: 'pass' } : { text: '✗ fail', className: 'fail' },
    formatActual(threshold.actual),
  ]);
  return htmlSection('thresholds', 'Thresholds', [
    verdict,
    htmlTable({ caption: 'Each threshold and the value it was held against', headings: ['Threshold', 'Result', 'Actual'], rows, numeric: [2] }),
  ]);
}

function requestSection(result: PerfResult): string[] {
  const words = loadWords(result);
  const content = [
    htmlTable({
      caption: `${words.sent} by outcome`,
      headings: [words.sent, 'Count'],
      rows: requestRows(result).map(([name, count]) => [name, formatCount(count)]),
      numeric: [1],
    }),
  ];
  const statuses = words.statuses ? statusRows(result.requests.by_status) : [];
  if (statuses.length > 0) {
    content.push(
      htmlTable({
        caption: 'Responses by HTTP status',
        headings: ['Status', 'Responses'],
        rows: statuses.map(([status, count]) => [status, formatCount(count)]),
        numeric: [1],
      }),
    );
  }
  return htmlSection('requests', words.sent, content);
}

function latencySection(result: PerfResult): string[] {
  const { answers, answersHeading } = loadWords(result);
  const figures = htmlTable({
    caption: 'Latency in milliseconds',
    headings: [answersHeading, ...LATENCY_HEADINGS],
    rows: [['all', ...LATENCY_METRICS.map((metric) => formatFigure(result.latency_ms[metric]))]],
    numeric: LATENCY_HEADINGS.map((_, index) => index + 1),
  });
  const buckets = htmlTable({
    caption: `${answersHeading} in each histogram bar`,
    headings: ['At most (ms)', answersHeading],
    rows: result.histogram.map((bucket) => [formatFigure(bucket.le_ms), formatCount(bucket.count)]),
    numeric: [0, 1],
  });
  return htmlSection('latency', 'Latency', [
    figures,
    figure(
      latencyHistogramChart(result),
      `How many ${answers} took how long: each bar counts the ${answers} slower than the bar before it and at most as slow as its label.`,
      buckets,
    ),
  ]);
}

function timelineSection(result: PerfResult): string[] {
  const { rows, secondsPerRow } = compactTimeline(result.timeline);
  const words = loadWords(result);
  const grouped = secondsPerRow === 1 ? '' : ` (${secondsPerRow} seconds a row: ${words.perSecond} is their mean, p95 the worst second's, errors their sum)`;
  const table = htmlTable({
    caption: `Second by second${grouped}`,
    headings: ['Second', words.perSecond, 'p95 (ms)', 'Errors'],
    rows: rows.map((row) => [rowSeconds(row), formatFigure(row.rps), formatFigure(row.p95), formatCount(row.errors)]),
    numeric: [0, 1, 2, 3],
  });
  return htmlSection('over-time', 'Over time', [
    figure(rpsChart(result), `${words.sent} sent each second.`),
    figure(p95Chart(result), 'The 95th percentile of the latencies of each second.'),
    `<details><summary>The same figures as a table</summary>\n${table}\n</details>`,
  ]);
}

/** A chart with its caption, then (folded) the table it draws. */
function figure(svg: string, caption: string, table?: string): string {
  const data = table ? `\n<details><summary>The chart's figures as a table</summary>\n${table}\n</details>` : '';
  return `<figure>\n${svg}\n<figcaption>${text(caption)}</figcaption>\n</figure>${data}`;
}
