import type { ScanResult } from '../../engines/security/run-scan.js';
import { scanHtmlSections } from '../../engines/security/report/scan-html.js';
import { requestsText } from '../../engines/security/report/scan-report-parts.js';
import { escapeMarkupText as text } from '../../engines/testing/report/markup-escape.js';
import type { Page } from './page-layout.js';
import { plural } from './page-text.js';
import { REPORT_KINDS } from './report-summary.js';

/** A security scan as its HTML report shows it: the tally by severity, each finding with its OWASP id, evidence, curl line and remediation. */
export function scanPage(fileName: string, result: ScanResult): Page {
  return {
    title: `${REPORT_KINDS.scan.one}: ${result.target}`,
    section: 'security',
    main: [
      `<p><a href="${REPORT_KINDS.scan.path}">All security scans</a></p>`,
      `<p class="meta">${text(requestsText(result))} · ${text(plural(result.checks.length, 'check'))} · <code>.falcon/reports/${text(fileName)}</code></p>`,
      ...scanHtmlSections(result),
    ],
  };
}
