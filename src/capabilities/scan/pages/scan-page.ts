import type { ScanResult } from '../engine/run-scan.js';
import { scanHtmlSections } from '../engine/report/scan-html.js';
import { requestsText } from '../engine/report/scan-report-parts.js';
import { escapeMarkupText as text } from '../../../engines/testing/report/markup-escape.js';
import { SCAN_REPORT_PLACE } from '../scan-report-place.js';
import type { Page } from '../../../kit/page.js';
import { plural } from '../../../kit/page-text.js';

/** A security scan as its HTML report shows it: the tally by severity, each finding with its OWASP id, evidence, curl line and remediation. */
export function scanPage(fileName: string, result: ScanResult): Page {
  return {
    title: `${SCAN_REPORT_PLACE.one}: ${result.target}`,
    section: SCAN_REPORT_PLACE.section,
    main: [
      `<p><a href="${SCAN_REPORT_PLACE.path}">All security scans</a></p>`,
      `<p class="meta">${text(requestsText(result))} · ${text(plural(result.checks.length, 'check'))} · <code>.falcon/reports/${text(fileName)}</code></p>`,
      ...scanHtmlSections(result),
    ],
  };
}
