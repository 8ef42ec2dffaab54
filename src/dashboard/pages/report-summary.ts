import type { AnyReportFace, ReportContent } from '../../kit/report-face.js';
import type { ProjectReport, ProjectReports } from '../read/project-reports.js';

export type ReadableReport = Extract<ProjectReport, { readable: true }>;

/** The readable reports of the face's kind, in the order listed (newest first). */
export function reportsOfFace(face: AnyReportFace, reports: ProjectReports): ReadableReport[] {
  return reports.reports.flatMap((report) => (report.readable && report.content.kind === face.kind ? [report] : []));
}

/** When the run started, when the report says; else when its file was written. */
export function reportTime(face: AnyReportFace, content: ReportContent, modifiedAt: Date): Date {
  const startedAt = face.startedAt?.(content);
  const started = startedAt === undefined ? undefined : new Date(startedAt);
  return started && !Number.isNaN(started.getTime()) ? started : modifiedAt;
}
