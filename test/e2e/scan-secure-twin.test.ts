import { expect, it } from 'vitest';
import { severityRank } from '../../src/capabilities/scan/engine/severity.js';
import { DISCOVERY_RULES, scanCornerShop } from './scan-corner-shop.js';

// The vulnerable API's scan is in scan-recall.test.ts, so that the two run side by side.
it('finds nothing high or critical in the secure twin', { timeout: 120_000 }, async () => {
  const { result, seconds, throttled, leaks } = await scanCornerShop({ secure: true });
  console.log(`secure twin: ${result.findings.length} findings; ${result.requests} requests (${throttled} answered 429) in ${seconds.toFixed(1)} s`);

  const serious = result.findings.filter((finding) => severityRank(finding.severity) >= severityRank('high'));
  expect(serious.map((finding) => `${finding.severity} ${finding.rule} ${finding.method} ${finding.path}: ${finding.title}`)).toEqual([]);
  expect(leaks, 'passwords or tokens in the scan results').toEqual([]);
  // Its paths, versions, methods and origins were all probed too: none answered.
  expect(
    result.findings.filter((finding) => DISCOVERY_RULES.includes(finding.rule)).map((finding) => `${finding.rule} ${finding.method} ${finding.path}`),
  ).toEqual([]);
});
