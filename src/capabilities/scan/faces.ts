import { MOST_SEVERE_FIRST, tallySeverities } from './engine/report/findings-by-severity.js';
import type { ScanResult } from './engine/run-scan.js';
import { defineFaces } from '../../kit/capability.js';
import { plural } from '../../kit/page-text.js';
import { checkedReport } from '../../kit/read-report.js';
import { defineReportFace, passedOr } from '../../kit/report-face.js';
import { servedScanSecurity } from './served/served-scan-security.js';
import { scanSecurityTool } from './tools/scan-security.js';
import { SCAN_REPORT_PLACE } from './scan-report-place.js';
import { scanReportSchema } from './scan-report-schema.js';

/** A scan report is told by its findings and the checks that ran. */
const scanReports = defineReportFace<{ result: ScanResult }>({
  ...SCAN_REPORT_PLACE,
  recognise: (fields) => 'findings' in fields && 'checks' in fields,
  // The JSON names the checks that ran; what they declare (OWASP entry, CWE, proof) comes from the checks.
  read: async (value) => {
    const result = checkedReport(scanReportSchema, value, SCAN_REPORT_PLACE.noun) as Omit<ScanResult, 'rules'>;
    const [{ ALL_CHECKS }, { declaredRules, loadChecks }] = await Promise.all([import('./engine/checks/all-checks.js'), import('./engine/load-checks.js')]);
    return { result: { ...result, rules: declaredRules(await loadChecks(ALL_CHECKS, result.checks)) } };
  },
  page: async (fileName, { result }) => (await import('./pages/scan-page.js')).scanPage(fileName, result),
  runTitle: ({ result }) => `${result.spec} at ${result.target}`,
  verdict: ({ result }) => passedOr(result.findings.length === 0, plural(result.findings.length, 'finding')),
  figures: ({ result }) => {
    const tally = tallySeverities(result.findings);
    return `${plural(result.checks.length, 'check')}, ${plural(result.requests, 'request')}; ${MOST_SEVERE_FIRST.map((severity) => `${severity} ${tally[severity]}`).join(' · ')}`;
  },
});

export const faces = defineFaces({
  tools: [{ place: 'flows, load and security', tool: scanSecurityTool }],
  servedTools: (options) => [servedScanSecurity(options.allowDestructive)],
  reports: [scanReports],
});
