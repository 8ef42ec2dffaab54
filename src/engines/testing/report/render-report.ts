import type { SecretRegistry } from '../../../safety/secret-registry.js';
import type { TestRun } from '../test-run.js';
import { htmlReport } from './html-report.js';
import { jsonReport } from './json-report.js';
import { junitReport } from './junit-report.js';
import { markdownReport } from './markdown-report.js';
import { maskRun } from './mask-run.js';
import type { ReportFormat } from './report-format.js';

const RENDERERS: Record<ReportFormat, (run: TestRun) => string> = { md: markdownReport, json: jsonReport, junit: junitReport, html: htmlReport };

/** The whole report of a run in one format, secrets masked: the session's registered values, and shapes. */
export function renderReport(run: TestRun, format: ReportFormat, secrets?: SecretRegistry): string {
  return RENDERERS[format](maskRun(run, secrets));
}
