import { escapeMarkupText as text } from '../../testing/report/markup-escape.js';
import { niceTicks } from './chart-scale.js';
import { chartAxes, chartHead, type ChartText, noData, PLOT, px, xTickLabel, yOf } from './svg-chart-parts.js';

export interface Bar {
  /** Under the bar (only every few bars' label is shown when there are many). */
  label: string;
  value: number;
  /** What hovering the bar shows. */
  tooltip: string;
}

const MOST_X_LABELS = 8;

/** A bar chart as an SVG element: one `rect.bar` for each bar, in order, each with its tooltip. */
export function svgBarChart(chart: ChartText, bars: readonly Bar[], formatY: (value: number) => string): string {
  const ticks = niceTicks(Math.max(0, ...bars.map((bar) => bar.value)));
  const top = ticks[ticks.length - 1]!;
  const parts = [...chartHead(chart), ...chartAxes(chart, ticks, formatY)];
  if (bars.length === 0) parts.push(noData());
  const slot = (PLOT.right - PLOT.left) / Math.max(1, bars.length);
  const labelEvery = Math.ceil(bars.length / MOST_X_LABELS);
  bars.forEach((bar, index) => {
    const y = yOf(bar.value, top);
    const x = PLOT.left + index * slot;
    parts.push(
      `<rect class="bar" x="${px(x + slot * 0.1)}" y="${y}" width="${px(slot * 0.8)}" height="${px(PLOT.bottom - y)}"><title>${text(bar.tooltip)}</title></rect>`,
    );
    if (index % labelEvery === 0 || index === bars.length - 1) parts.push(xTickLabel(x + slot / 2, bar.label));
  });
  parts.push('</svg>');
  return parts.join('\n');
}
