import type { Page } from '../../../kit/page.js';
import { escapeMarkupText as text } from '../../../engines/testing/report/markup-escape.js';
import type { ProxyReport } from '../engine/proxy-report.js';
import { proxyReportSections } from '../engine/proxy-report-html.js';
import { PROXY_REPORT_PLACE } from '../proxy-report-place.js';

/** A proxy report as its HTML file shows it: what was proxied, then each mismatch in the order seen. */
export function proxyReportPage(fileName: string, report: ProxyReport): Page {
  return {
    title: `${PROXY_REPORT_PLACE.one}: ${report.spec.title}`,
    section: PROXY_REPORT_PLACE.section,
    main: [
      `<p><a href="${PROXY_REPORT_PLACE.path}">All proxy reports</a></p>`,
      `<p class="meta"><code>.falcon/reports/${text(fileName)}</code></p>`,
      ...proxyReportSections(report),
    ],
  };
}
