import { expect, it } from 'vitest';
import { scoreFindings } from '../apis/vulnerable-api/manifest.js';
import { DISCOVERY_RULES, scanCornerShop } from './scan-corner-shop.js';

const entries = (list: Array<{ rule: string; method: string; path: string }>) =>
  list.map((entry) => `${entry.rule} ${entry.method} ${entry.path}`).join('\n  ') || 'none';

// The twin's scan is in scan-secure-twin.test.ts, so that the two run side by side.
it('finds the planted bugs of the vulnerable API and reports none of its controls', { timeout: 120_000 }, async () => {
  const { result, seconds, throttled, leaks } = await scanCornerShop({ secure: false });
  const score = scoreFindings(result.findings);
  console.log(
    `vulnerable API: recall ${score.recall.toFixed(2)}, precision ${score.precision.toFixed(2)}, ${score.controlsReported.length} controls reported; ` +
      `${result.requests} requests (${throttled} answered 429) in ${seconds.toFixed(1)} s`,
  );

  expect(score.recall, `recall ${score.recall.toFixed(2)}; missed:\n  ${entries(score.missed)}\nnotes: ${result.notes.join('; ')}`).toBeGreaterThanOrEqual(0.9);
  expect(score.controlsReported, `controls reported:\n  ${entries(score.controlsReported)}`).toEqual([]);
  expect(score.precision, `precision ${score.precision.toFixed(2)}; false positives:\n  ${entries(score.falsePositives)}`).toBeGreaterThanOrEqual(0.9);
  expect(leaks, 'passwords or tokens in the scan results').toEqual([]);
  // Neither depends on the machine's pace: every bug they plant is found, and nothing else of theirs.
  const discovery = (entry: { rule: string }) => DISCOVERY_RULES.includes(entry.rule);
  expect(entries(score.missed.filter(discovery))).toBe('none');
  expect(entries(score.falsePositives.filter(discovery))).toBe('none');
});
