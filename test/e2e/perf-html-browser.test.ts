import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perfHtml } from '../../src/engines/perf/report/perf-html.js';
import type { PerfResult } from '../../src/engines/perf/perf-result.js';
import { ReportBrowser } from '../support/report-browser.js';
import { requireTool } from '../support/required-tools.js';
import { closedRun, FINISHED_AT, HOSTILE_TARGET } from '../engines/perf/report/sample-perf-results.js';

describe('the load-test HTML report in a real browser', requireTool('chromium'), () => {
  let browser: ReportBrowser;

  beforeAll(async () => {
    browser = await ReportBrowser.launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const open = (result: PerfResult, name: string, colorScheme: 'light' | 'dark' = 'light') => browser.open(perfHtml(result, FINISHED_AT), name, colorScheme);

  it('draws the three charts, one bar per histogram bucket, with nothing fetched and no error', async () => {
    const result = closedRun();
    const { page, url, requested, errors } = await open(result, 'closed');
    for (const name of ['Latency histogram', 'Requests per second over time', 'p95 latency over time']) {
      const chart = page.getByRole('img', { name });
      await expect(chart.isVisible()).resolves.toBe(true);
      const box = await chart.boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.height).toBeGreaterThan(100);
    }
    const bars = page.locator('#latency-histogram rect.bar');
    expect(await bars.count()).toBe(result.histogram.length);
    const heights = await bars.evaluateAll((rects) => rects.map((rect) => rect.getBoundingClientRect().height));
    // Each bar as tall as its count, on the page as in the SVG.
    const tallest = Math.max(...result.histogram.map((bucket) => bucket.count));
    result.histogram.forEach((bucket, index) => expect(heights[index]! / Math.max(...heights)).toBeCloseTo(bucket.count / tallest, 1));
    for (const line of ['#rps-over-time polyline.line', '#p95-over-time polyline.line']) {
      const box = await page.locator(line).boundingBox();
      expect(box!.width).toBeGreaterThan(200);
    }
    expect(requested).toEqual([url]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows its text: the title, the figures, the thresholds and the headings', async () => {
    const { page } = await open(closedRun(), 'text');
    expect(await page.title()).toBe('Load test: http://127.0.0.1:4010/pets');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Load test: http://127.0.0.1:4010/pets');
    for (const heading of ['Summary', 'Thresholds', 'Requests', 'Latency', 'Over time'])
      await expect(page.getByRole('heading', { level: 2, name: heading }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('banner').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('main').isVisible()).resolves.toBe(true);
    const thresholds = page.getByRole('table', { name: 'Each threshold and the value it was held against' });
    await expect(thresholds.getByRole('row').nth(2).innerText()).resolves.toBe('p999<199.5\t✗ fail\t199.6');
    await expect(page.getByText('1 of 2 failed.').isVisible()).resolves.toBe(true);
    await expect(page.locator('main').innerText()).resolves.toContain('6,000 — 5,940 ok, 60 failed');
    await page.close();
  });

  it("follows the reader's colour scheme", async () => {
    const background = async (scheme: 'light' | 'dark') => {
      const { page } = await open(closedRun(), `scheme-${scheme}`, scheme);
      const colours = await page.evaluate(() => ({ back: getComputedStyle(document.body).backgroundColor, text: getComputedStyle(document.body).color }));
      await page.close();
      return colours;
    };
    expect(await background('light')).toEqual({ back: 'rgb(255, 255, 255)', text: 'rgb(27, 27, 27)' });
    expect(await background('dark')).toEqual({ back: 'rgb(18, 20, 23)', text: 'rgb(236, 236, 236)' });
  });

  it('shows a hostile target as text and runs none of it', async () => {
    const { page, url, requested, errors, dialogs } = await open({ ...closedRun(), target: HOSTILE_TARGET }, 'hostile');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Load test: ${HOSTILE_TARGET.replace('\u001B', '␛')}`);
    expect(await page.locator('script, img, iframe, object').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(requested).toEqual([url]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
