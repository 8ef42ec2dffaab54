import { rm } from 'node:fs/promises';
import path from 'node:path';
import { writeNewFile } from '../../../safety/atomic-write.js';
import { linkedFolderProblem } from '../../../safety/linked-folder.js';
import { falconPath, FALCON_DIR } from '../../../workspace/falcon-dir.js';

export interface ProjectReport {
  type: string;
  name: string;
  now: Date;
  extension: string;
  content: string;
  /**
   * The run as its JSON report holds it, written beside the report as `<same name>.json`: what the
   * dashboard (src/dashboard/) reads, from this machine or copied in from CI.
   */
  jsonTwin?: string;
}

/**
 * Writes a report to `.falcon/reports/<type>_report_<name>_<YYYYMMDD-HHMMSS>.<extension>` (local
 * time), and its JSON twin when given, and returns the report's project-relative path. A report of
 * the same name and second is kept, even one written by another run meanwhile: the new one (and its
 * twin) gets a `-2`, `-3`… suffix. Reports stay inside the project: none is written when `.falcon/`
 * or `.falcon/reports/` is a symbolic link.
 */
export async function writeProjectReport(projectRoot: string, report: ProjectReport): Promise<string> {
  const problem = linkedFolderProblem(projectRoot, falconPath(projectRoot, 'reports'));
  if (problem) throw new Error(`the report was not written: ${problem}, and Falcon writes reports only into a real folder inside the project`);
  const base = `${fileNamePart(report.type, 'run')}_report_${fileNamePart(report.name, 'unnamed')}_${fileTimestamp(report.now)}`;
  for (let attempt = 1; ; attempt += 1) {
    const stem = `${base}${attempt === 1 ? '' : `-${attempt}`}`;
    const fileName = `${stem}.${report.extension}`;
    const file = falconPath(projectRoot, 'reports', fileName);
    if (!(await createReportFile(file, report.content))) continue;
    // Both names are claimed or neither: a twin already there (copied in) is another run's.
    if (report.jsonTwin !== undefined && !(await createReportFile(falconPath(projectRoot, 'reports', `${stem}.json`), report.jsonTwin))) {
      await rm(file, { force: true });
      continue;
    }
    return path.posix.join(FALCON_DIR, 'reports', fileName);
  }
}

function createReportFile(file: string, content: string): Promise<boolean> {
  return writeNewFile(file, content).catch((error: unknown) => {
    throw cannotWriteReport(file, error);
  });
}

export function cannotWriteReport(file: string, error: unknown): Error {
  return new Error(`cannot write the report ${file}: ${error instanceof Error ? error.message : String(error)}`);
}

/** `Pet Store v2/users` → `pet-store-v2-users`; `Café` → `cafe`. */
function fileNamePart(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

function fileTimestamp(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}
