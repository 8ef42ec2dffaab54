import type { PerfResult } from '../../engines/perf/perf-result.js';
import { loadWords } from '../../engines/perf/report/load-words.js';
import { formatCount, formatFigure } from '../../engines/perf/report/perf-report-text.js';
import { defineFaces } from '../../kit/capability.js';
import { checkedReport } from '../../kit/read-report.js';
import { defineReportFace, passedOr } from '../../kit/report-face.js';
import { runPerformanceTool } from './tools/run-performance.js';
import { LOAD_REPORT_PLACE } from './load-report-place.js';
import { perfReportSchema } from './load-report-schema.js';

/** A load report is the only one with a latency histogram. */
const loadReports = defineReportFace<{ result: PerfResult }>({
  ...LOAD_REPORT_PLACE,
  recognise: (fields) => 'latency_ms' in fields && 'histogram' in fields,
  read: (value) => ({ result: checkedReport(perfReportSchema, value, LOAD_REPORT_PLACE.noun) as PerfResult }),
  page: async (fileName, { result }) => (await import('./pages/load-run-page.js')).loadRunPage(fileName, result),
  runTitle: ({ result }) => result.target,
  verdict: ({ result }) =>
    passedOr(
      result.thresholds.every((threshold) => threshold.ok),
      'a threshold broke',
    ),
  figures: ({ result }) => {
    const words = loadWords(result);
    return `${formatCount(result.requests.total)} ${words.sent.toLowerCase()}, ${formatFigure(result.rps)} ${words.perSecond}, p95 ${formatFigure(result.latency_ms.p95)} ms`;
  },
});

export const faces = defineFaces({
  tools: [{ place: 'flows, load and security', tool: runPerformanceTool }],
  servedTools: () => [runPerformanceTool],
  reports: [loadReports],
});
