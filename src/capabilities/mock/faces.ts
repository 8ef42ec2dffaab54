import { defineFaces } from '../../kit/capability.js';
import { checkedReport } from '../../kit/read-report.js';
import { defineReportFace, passedOr } from '../../kit/report-face.js';
import type { ProxyReport } from './engine/proxy-report.js';
import { proxyFigures } from './engine/proxy-report-facts.js';
import { PROXY_REPORT_PLACE } from './proxy-report-place.js';
import { proxyReportSchema } from './proxy-report-schema.js';
import { mockTool } from './tools/mock-tool.js';

const proxyReports = defineReportFace<{ report: ProxyReport }>({
  ...PROXY_REPORT_PLACE,
  recognise: (fields) => fields.format === 'falcon-proxy-report/1',
  read: (value) => ({ report: checkedReport(proxyReportSchema, value, PROXY_REPORT_PLACE.noun) as ProxyReport }),
  page: async (fileName, { report }) => (await import('./pages/proxy-report-page.js')).proxyReportPage(fileName, report),
  runTitle: ({ report }) => `${report.spec.title} → ${report.target}`,
  verdict: ({ report }) => passedOr(report.mismatches.length === 0, `${report.mismatches.length} mismatch${report.mismatches.length === 1 ? '' : 'es'}`),
  figures: ({ report }) => proxyFigures(report),
  startedAt: ({ report }) => report.startedAt,
});

export const faces = defineFaces({
  tools: [{ place: 'tests from the spec', tool: mockTool }],
  reports: [proxyReports],
});
