import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanHtml } from '../../src/capabilities/scan/engine/report/scan-html.js';
import type { ScanResult } from '../../src/capabilities/scan/engine/run-scan.js';
import { ReportBrowser } from '../support/report-browser.js';
import { requireTool } from '../support/required-tools.js';
import { FINISHED_AT, HOSTILE_BODY, scanResult } from '../capabilities/scan/engine/report/sample-scan-results.js';

/** WCAG contrast of two `rgb(r, g, b)` colours. */
function contrast(first: string, second: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/\d+/g)!
      .slice(0, 3)
      .map((part) => {
        const value = Number(part) / 255;
        return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the scan HTML report in a real browser', requireTool('chromium'), () => {
  let browser: ReportBrowser;

  beforeAll(async () => {
    browser = await ReportBrowser.launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  const open = (result: ScanResult, name: string, colorScheme: 'light' | 'dark' = 'light') => browser.open(scanHtml(result, FINISHED_AT), name, colorScheme);

  it('shows hostile evidence as text and runs none of it', async () => {
    const { page, url, requested, errors, dialogs } = await open(scanResult({ spec: '<img src=x onerror=alert(2)>' }), 'hostile');
    expect(await page.locator('script, img, iframe, object, embed').count()).toBe(0);
    const response = page
      .getByRole('article', { name: /^Stack trace from/ })
      .locator('pre')
      .nth(1);
    await expect(response.textContent()).resolves.toBe(
      `HTTP 200 (12 ms)\ncontent-type: application/json\n\n${HOSTILE_BODY.replace('\u001B', '␛').replace('\u0007', '^G')}`,
    );
    await expect(page.getByRole('main').innerText()).resolves.toContain('<img src=x onerror=alert(2)>');
    expect(requested).toEqual([url]);
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('has the landmarks, headings, articles and tables a screen reader walks', async () => {
    const { page } = await open(scanResult(), 'structure');
    expect(await page.title()).toBe('Security scan: http://127.0.0.1:4010');
    await expect(page.getByRole('banner').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('main').isVisible()).resolves.toBe(true);
    for (const heading of ['Summary', 'Findings', 'Checks run (11)', 'Not checked'])
      await expect(page.getByRole('heading', { level: 2, name: heading }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual(['Critical (2)', 'High (3)', 'Medium (2)', 'Low (2)', 'Info (2)']);
    expect(await page.getByRole('region', { name: 'High (3)' }).getByRole('article').count()).toBe(3);
    await expect(page.getByRole('article', { name: "alice reads bob's user" }).getByRole('link', { name: 'CWE-639' }).getAttribute('href')).resolves.toBe(
      'https://cwe.mitre.org/data/definitions/639.html',
    );
    const summary = page.getByRole('table', { name: 'Findings by severity' });
    await expect(summary.getByRole('row').nth(1).innerText()).resolves.toBe('Critical\t2');
    await expect(summary.getByRole('rowheader', { name: 'Info' }).isVisible()).resolves.toBe(true);
    await page.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`keeps every severity label and evidence block at a contrast of 7:1 or more (${scheme})`, async () => {
      const { page } = await open(scanResult(), `contrast-${scheme}`, scheme);
      const colours = await page.evaluate(() => {
        const back = getComputedStyle(document.body).backgroundColor;
        const severities = [...document.querySelectorAll('.severity')].map((element) => ({
          text: element.textContent,
          colour: getComputedStyle(element).color,
          back,
        }));
        const blocks = [...document.querySelectorAll('pre')].map((element) => ({
          text: 'pre',
          colour: getComputedStyle(element).color,
          back: getComputedStyle(element).backgroundColor,
        }));
        return { back, severities, blocks };
      });
      expect(colours.back).toBe(scheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(18, 20, 23)');
      // Five rows of the summary and one label per finding.
      expect(colours.severities).toHaveLength(5 + 11);
      expect(new Set(colours.severities.map(({ colour }) => colour)).size).toBe(5);
      for (const { text, colour, back } of [...colours.severities, ...colours.blocks])
        expect({ text, contrast: contrast(colour, back) >= 7 }).toEqual({ text, contrast: true });
      await page.close();
    });
  }
});
