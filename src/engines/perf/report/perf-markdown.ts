import { markdownCode, markdownRow, markdownText } from '../../testing/report/markdown-text.js';
import { formatDuration } from '../../testing/report/report-text.js';
import type { PerfResult } from '../perf-result.js';
import { LATENCY_METRICS } from '../perf-scenario.js';
import { compactTimeline, rowSeconds } from './compact-timeline.js';
import { loadWords } from './load-words.js';
import { LATENCY_HEADINGS, requestRows } from './perf-report-rows.js';
import { formatActual, formatBytes, formatCount, formatFigure, INTERRUPTED_NOTE, loadText, statusRows } from './perf-report-text.js';

/** The load run as a person reads it: what ran, the thresholds, requests (or messages), latencies, then second by second. */
export function perfMarkdown(result: PerfResult, finishedAt = new Date()): string {
  const { requests } = result;
  const words = loadWords(result);
  const lines = [
    `# Load test: ${markdownText(result.target)}`,
    '',
    `- Target: ${markdownCode(result.target)}`,
    `- Finished: ${finishedAt.toISOString()}`,
    `- Load: ${markdownText(loadText(result))}`,
    `- Duration: ${formatDuration(result.duration_s * 1000)}`,
    `- ${words.sent}: ${formatCount(requests.total)} at ${formatFigure(result.rps)} ${words.perSecond} — ${formatCount(requests.ok)} ${words.ok.toLowerCase()}, ${formatCount(requests.failed)} failed`,
    `- Latency: p50 ${formatFigure(result.latency_ms.p50)} ms, p95 ${formatFigure(result.latency_ms.p95)} ms, p99 ${formatFigure(result.latency_ms.p99)} ms`,
  ];
  if (result.interrupted) lines.push('', `> **Interrupted:** ${INTERRUPTED_NOTE}`);
  lines.push('', '## Thresholds', '', ...thresholdLines(result));
  lines.push('', `## ${words.sent}`, '', markdownRow([words.sent, 'Count']), markdownRow(['---', '---:']));
  for (const [name, count] of requestRows(result)) lines.push(markdownRow([name, formatCount(count)]));
  const statuses = words.statuses ? statusRows(requests.by_status) : [];
  if (statuses.length > 0) {
    lines.push('', markdownRow(['Status', words.answersHeading]), markdownRow(['---', '---:']));
    for (const [status, count] of statuses) lines.push(markdownRow([markdownText(status), formatCount(count)]));
  }
  lines.push(
    '',
    '## Latency (ms)',
    '',
    markdownRow(LATENCY_HEADINGS),
    markdownRow(LATENCY_HEADINGS.map(() => '---:')),
    markdownRow(LATENCY_METRICS.map((metric) => formatFigure(result.latency_ms[metric]))),
  );
  lines.push('', '## Second by second', '', ...timelineLines(result));
  const perSecond = (bytes: number) => (result.duration_s > 0 ? ` (${formatBytes(bytes / result.duration_s)}/s)` : '');
  lines.push(
    '',
    '## Data',
    '',
    `- Sent: ${formatBytes(result.bytes.sent)}${perSecond(result.bytes.sent)}`,
    `- Received: ${formatBytes(result.bytes.received)}${perSecond(result.bytes.received)}`,
  );
  return `${lines.join('\n')}\n`;
}

function thresholdLines(result: PerfResult): string[] {
  if (result.thresholds.length === 0) return ['No thresholds were set.'];
  const failed = result.thresholds.filter((threshold) => !threshold.ok).length;
  return [
    markdownRow(['', 'Threshold', 'Actual']),
    markdownRow(['---', '---', '---:']),
    ...result.thresholds.map((threshold) => markdownRow([threshold.ok ? '✓' : '✗', markdownCode(threshold.expr), formatActual(threshold.actual)])),
    '',
    failed === 0 ? `All ${result.thresholds.length} passed.` : `**${failed} of ${result.thresholds.length} failed.**`,
  ];
}

function timelineLines(result: PerfResult): string[] {
  if (result.timeline.length === 0) return ['No seconds were recorded.'];
  const { rows, secondsPerRow } = compactTimeline(result.timeline);
  const { perSecond } = loadWords(result);
  const note = secondsPerRow === 1 ? [] : [`_${secondsPerRow} seconds a row: ${perSecond} is their mean, p95 the worst second's, errors their sum._`, ''];
  return [
    ...note,
    markdownRow(['Second', perSecond, 'p95 (ms)', 'Errors']),
    markdownRow(['---:', '---:', '---:', '---:']),
    ...rows.map((row) => markdownRow([rowSeconds(row), formatFigure(row.rps), formatFigure(row.p95), formatCount(row.errors)])),
  ];
}
