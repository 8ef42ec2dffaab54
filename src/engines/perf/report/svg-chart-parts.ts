import { escapeMarkupAttribute as attribute, escapeMarkupText as text } from '../../testing/report/markup-escape.js';

/** What every chart says about itself: the SVG's accessible name and description, and its axes. */
export interface ChartText {
  /** Unique on the page: the title and description get ids from it. */
  id: string;
  title: string;
  /** The text alternative: what the chart shows, in figures. */
  description: string;
  xLabel: string;
  yLabel: string;
}

/** The drawing area inside the 640 × 260 view box: room on the left for the y labels, below for the x labels. */
export const PLOT = { left: 64, right: 624, top: 16, bottom: 204 } as const;
const VIEW = { width: 640, height: 260 } as const;

/** One decimal is finer than a pixel. */
export function px(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The y position of `value` on an axis from 0 to `top`. */
export function yOf(value: number, top: number): number {
  return px(PLOT.bottom - (value / top) * (PLOT.bottom - PLOT.top));
}

/** The opening tag, title and description: named by its title, described by its figures. */
export function chartHead(chart: ChartText): string[] {
  const id = attribute(chart.id);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="${id}" viewBox="0 0 ${VIEW.width} ${VIEW.height}" role="img" aria-labelledby="${id}-title" aria-describedby="${id}-desc">`,
    `<title id="${id}-title">${text(chart.title)}</title>`,
    `<desc id="${id}-desc">${text(chart.description)}</desc>`,
  ];
}

/** Grid lines and labels at `ticks` (the last is the top), the axis lines, and both axis labels. */
export function chartAxes(chart: ChartText, ticks: readonly number[], format: (value: number) => string): string[] {
  const top = ticks[ticks.length - 1]!;
  const parts = ['<g class="y-axis" aria-hidden="true">'];
  for (const tick of ticks) {
    const y = yOf(tick, top);
    parts.push(
      `<line class="grid" x1="${PLOT.left}" x2="${PLOT.right}" y1="${y}" y2="${y}"/>`,
      `<text x="${PLOT.left - 6}" y="${px(y + 4)}" text-anchor="end">${text(format(tick))}</text>`,
    );
  }
  const middle = px((PLOT.top + PLOT.bottom) / 2);
  parts.push(
    `<text class="axis-label" x="14" y="${middle}" text-anchor="middle" transform="rotate(-90 14 ${middle})">${text(chart.yLabel)}</text>`,
    '</g>',
    `<line class="axis" x1="${PLOT.left}" x2="${PLOT.left}" y1="${PLOT.top}" y2="${PLOT.bottom}"/>`,
    `<line class="axis" x1="${PLOT.left}" x2="${PLOT.right}" y1="${PLOT.bottom}" y2="${PLOT.bottom}"/>`,
    `<text class="axis-label" x="${px((PLOT.left + PLOT.right) / 2)}" y="${VIEW.height - 8}" text-anchor="middle" aria-hidden="true">${text(chart.xLabel)}</text>`,
  );
  return parts;
}

/** A label under the x axis at `x`. */
export function xTickLabel(x: number, label: string): string {
  return `<text class="x-tick" x="${px(x)}" y="${PLOT.bottom + 18}" text-anchor="middle" aria-hidden="true">${text(label)}</text>`;
}

/** What a chart with nothing to draw shows. */
export function noData(): string {
  return `<text class="no-data" x="${px((PLOT.left + PLOT.right) / 2)}" y="${px((PLOT.top + PLOT.bottom) / 2)}" text-anchor="middle">No data</text>`;
}
