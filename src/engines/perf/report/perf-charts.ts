import type { PerfResult } from '../perf-result.js';
import { loadWords } from './load-words.js';
import { formatCount, formatFigure } from './perf-report-text.js';
import { svgBarChart } from './svg-bar-chart.js';
import { svgLineChart } from './svg-line-chart.js';

/** One bar per histogram bucket, labelled with its upper bound. */
export function latencyHistogramChart(result: PerfResult): string {
  const buckets = result.histogram;
  const { answers } = loadWords(result);
  const description = buckets.length === 0 ? `No ${answers} were recorded.` : histogramDescription(result, answers);
  const bars = buckets.map((bucket, index) => {
    const range = index === 0 ? `at most ${formatFigure(bucket.le_ms)}` : `${formatFigure(buckets[index - 1]!.le_ms)}–${formatFigure(bucket.le_ms)}`;
    return { label: formatFigure(bucket.le_ms), value: bucket.count, tooltip: `${range} ms: ${formatCount(bucket.count)} ${answers}` };
  });
  return svgBarChart({ id: 'latency-histogram', title: 'Latency histogram', description, xLabel: 'latency, at most (ms)', yLabel: answers }, bars, formatCount);
}

function histogramDescription(result: PerfResult, answers: string): string {
  const buckets = result.histogram;
  const counted = buckets.reduce((total, bucket) => total + bucket.count, 0);
  const tallest = buckets.reduce((best, bucket) => (bucket.count > best.count ? bucket : best));
  return [
    `${formatCount(counted)} ${answers} in ${buckets.length} bars, from at most ${formatFigure(buckets[0]!.le_ms)} ms to at most ${formatFigure(buckets[buckets.length - 1]!.le_ms)} ms;`,
    `the tallest bar holds ${formatCount(tallest.count)} ${answers} of at most ${formatFigure(tallest.le_ms)} ms.`,
  ].join(' ');
}

export function rpsChart(result: PerfResult): string {
  const points = result.timeline.map((entry) => ({ x: entry.t, y: entry.rps }));
  const words = loadWords(result);
  const description = timelineDescription(
    points.map((point) => point.y),
    `${words.sent} per second`,
    '',
  );
  return svgLineChart(
    { id: 'rps-over-time', title: `${words.sent} per second over time`, description, xLabel: 'seconds since the start', yLabel: words.perSecond },
    points,
    formatFigure,
  );
}

export function p95Chart(result: PerfResult): string {
  const points = result.timeline.map((entry) => ({ x: entry.t, y: entry.p95 }));
  const description = timelineDescription(
    points.map((point) => point.y),
    'p95 latency',
    ' ms',
  );
  return svgLineChart(
    { id: 'p95-over-time', title: 'p95 latency over time', description, xLabel: 'seconds since the start', yLabel: 'p95 (ms)' },
    points,
    formatFigure,
  );
}

function timelineDescription(values: number[], what: string, unit: string): string {
  if (values.length === 0) return `${what}: no seconds were recorded.`;
  const mean = values.reduce((total, value) => total + value, 0) / values.length;
  const figure = (value: number) => `${formatFigure(value)}${unit}`;
  return `${what} for each of ${values.length} seconds: lowest ${figure(Math.min(...values))}, highest ${figure(Math.max(...values))}, mean ${figure(mean)}.`;
}
