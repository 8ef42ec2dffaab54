import path from 'node:path';
import { writeProjectReport } from '../../../engines/testing/report/project-report-file.js';
import { replaceFile } from '../../../safety/atomic-write.js';
import type { ProxyReport } from './proxy-report.js';
import { proxyReportHtml } from './proxy-report-html.js';
import { proxyReportMarkdown } from './proxy-report-markdown.js';

/** The formats a report file may have, by extension. */
export const PROXY_REPORT_EXTENSIONS = ['.json', '.md', '.html'] as const;

/** The report in the format its file's extension names: JSON, Markdown or HTML. */
export function proxyReportContent(report: ProxyReport, file: string): string {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.md') return proxyReportMarkdown(report);
  if (extension === '.html') return proxyReportHtml(report);
  return `${JSON.stringify(report, null, 2)}\n`;
}

export async function writeProxyReport(report: ProxyReport, file: string): Promise<void> {
  await replaceFile(file, proxyReportContent(report, file));
}

/** The report in `.falcon/reports/` as Markdown with its JSON twin, which the dashboard lists; returns the Markdown's project-relative path. */
export function writeProjectProxyReport(report: ProxyReport, projectRoot: string): Promise<string> {
  return writeProjectReport(projectRoot, {
    type: 'proxy',
    name: report.spec.title,
    now: new Date(report.startedAt),
    extension: 'md',
    content: proxyReportMarkdown(report),
    jsonTwin: `${JSON.stringify(report, null, 2)}\n`,
  });
}
