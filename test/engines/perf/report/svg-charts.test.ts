import { describe, expect, it } from 'vitest';
import { niceTicks } from '../../../../src/engines/perf/report/chart-scale.js';
import { svgBarChart } from '../../../../src/engines/perf/report/svg-bar-chart.js';
import { PLOT } from '../../../../src/engines/perf/report/svg-chart-parts.js';
import { svgLineChart } from '../../../../src/engines/perf/report/svg-line-chart.js';

const TEXT = { id: 'chart', title: 'A <chart>', description: 'Figures & "more"', xLabel: 'x <axis>', yLabel: 'y' };

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten from 0 past the largest value', () => {
    expect(niceTicks(437)).toEqual([0, 100, 200, 300, 400, 500]);
    expect(niceTicks(2400)).toEqual([0, 500, 1000, 1500, 2000, 2500]);
    expect(niceTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(12, 6)).toEqual([0, 2, 4, 6, 8, 10, 12]);
  });

  it('gives an axis to nothing', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });
});

describe('svgBarChart', () => {
  const bars = Array.from({ length: 24 }, (_, index) => ({ label: `${index}`, value: index * 10, tooltip: `bar ${index}` }));

  it('draws one bar per value in order, the tallest reaching the top tick', () => {
    const chart = svgBarChart(TEXT, bars, String);
    const rects = [...chart.matchAll(/<rect class="bar" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"><title>bar (\d+)<\/title>/g)];
    expect(rects.map((rect) => Number(rect[5]))).toEqual(bars.map((_, index) => index));
    const xs = rects.map((rect) => Number(rect[1]));
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    // 230 on an axis to 250.
    const tallest = rects[23]!;
    expect(Number(tallest[4])).toBeCloseTo(((PLOT.bottom - PLOT.top) * 230) / 250, 0);
    expect(Number(tallest[2]) + Number(tallest[4])).toBeCloseTo(PLOT.bottom, 1);
    expect(Number(rects[0]![4])).toBe(0);
  });

  it('labels every few bars, and the last, so that the labels do not overlap', () => {
    const labels = [...svgBarChart(TEXT, bars, String).matchAll(/<text class="x-tick"[^>]*>(\d+)<\/text>/g)].map((match) => match[1]);
    expect(labels).toEqual(['0', '3', '6', '9', '12', '15', '18', '21', '23']);
  });

  it('is an accessible image whose text is escaped', () => {
    const chart = svgBarChart(TEXT, bars, String);
    expect(chart).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" class="chart" id="chart" viewBox="0 0 640 260" role="img" aria-labelledby="chart-title" aria-describedby="chart-desc">\n<title id="chart-title">A &lt;chart&gt;<\/title>\n<desc id="chart-desc">Figures &amp; "more"<\/desc>/,
    );
    expect(chart).toContain('>x &lt;axis&gt;</text>');
    expect(chart.endsWith('</svg>')).toBe(true);
  });
});

describe('svgLineChart', () => {
  it('places each point by its x and y on axes from 0', () => {
    const chart = svgLineChart(
      TEXT,
      [
        { x: 1, y: 50 },
        { x: 5, y: 100 },
        { x: 10, y: 0 },
      ],
      String,
    );
    const points = chart
      .match(/points="([^"]+)"/)![1]!
      .split(' ')
      .map((point) => point.split(',').map(Number));
    const width = PLOT.right - PLOT.left;
    expect(points).toEqual([
      [PLOT.left + width / 10, (PLOT.bottom + PLOT.top) / 2],
      [PLOT.left + width / 2, PLOT.top],
      [PLOT.right, PLOT.bottom],
    ]);
    expect(chart.match(/<circle class="dot"/g)).toHaveLength(3);
    expect([...chart.matchAll(/<text class="x-tick"[^>]*>(\d+)<\/text>/g)].map((match) => match[1])).toEqual(['0', '2', '4', '6', '8', '10']);
  });

  it('says there is no data rather than draw an empty line', () => {
    const chart = svgLineChart(TEXT, [], String);
    expect(chart).toContain('>No data</text>');
    expect(chart).not.toContain('<polyline');
  });
});
