import { niceTicks } from './chart-scale.js';
import { chartAxes, chartHead, type ChartText, noData, PLOT, px, xTickLabel, yOf } from './svg-chart-parts.js';

export interface LinePoint {
  x: number;
  y: number;
}

/** Up to this many points each get a dot; more would blur into the line. */
const MOST_DOTS = 60;

/** A line chart as an SVG element: x from 0 to the last point's, y from 0; one `polyline.line`. */
export function svgLineChart(chart: ChartText, points: readonly LinePoint[], formatY: (value: number) => string): string {
  const yTicks = niceTicks(Math.max(0, ...points.map((point) => point.y)));
  const xTicks = niceTicks(Math.max(0, ...points.map((point) => point.x)), 6);
  const yTop = yTicks[yTicks.length - 1]!;
  const xTop = xTicks[xTicks.length - 1]!;
  const xOf = (x: number) => px(PLOT.left + (x / xTop) * (PLOT.right - PLOT.left));
  const parts = [...chartHead(chart), ...chartAxes(chart, yTicks, formatY), ...xTicks.map((tick) => xTickLabel(xOf(tick), String(tick)))];
  if (points.length === 0) parts.push(noData());
  else parts.push(`<polyline class="line" fill="none" points="${points.map((point) => `${xOf(point.x)},${yOf(point.y, yTop)}`).join(' ')}"/>`);
  if (points.length <= MOST_DOTS) for (const point of points) parts.push(`<circle class="dot" cx="${xOf(point.x)}" cy="${yOf(point.y, yTop)}" r="2.5"/>`);
  parts.push('</svg>');
  return parts.join('\n');
}
