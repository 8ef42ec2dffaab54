import type { PerfResult } from '../../../engines/perf/perf-result.js';
import { perfHtmlSections } from '../../../engines/perf/report/perf-html.js';
import { loadText } from '../../../engines/perf/report/perf-report-text.js';
import { escapeMarkupText as text } from '../../../engines/testing/report/markup-escape.js';
import { formatDuration } from '../../../engines/testing/report/report-text.js';
import { LOAD_REPORT_PLACE } from '../load-report-place.js';
import type { Page } from '../../../kit/page.js';

/** A load run as its HTML report shows it: figures, thresholds, the latency histogram, req/s and p95 over time (SVG, each with its table). */
export function loadRunPage(fileName: string, result: PerfResult): Page {
  return {
    title: `${LOAD_REPORT_PLACE.one}: ${result.target}`,
    section: LOAD_REPORT_PLACE.section,
    main: [
      `<p><a href="${LOAD_REPORT_PLACE.path}">All load runs</a></p>`,
      `<p class="meta">Ran ${text(formatDuration(result.duration_s * 1000))} · ${text(loadText(result))} · <code>.falcon/reports/${text(fileName)}</code></p>`,
      ...perfHtmlSections(result),
    ],
  };
}
