import path from 'node:path';
import { replaceFile, writeNewFile } from '../../../safety/atomic-write.js';
import type { SecretRegistry } from '../../../safety/secret-registry.js';
import { falconPath, FALCON_DIR } from '../../../workspace/falcon-dir.js';
import type { TestRun } from '../test-run.js';
import { REPORT_EXTENSIONS, type ReportFormat } from './report-format.js';
import { renderReport } from './render-report.js';

export interface WriteRunReportsOptions {
  projectRoot: string;
  /** What ran: `test`, `smoke`, `functional`, `data`, `idempotency`, `regression`. */
  type: string;
  /** The suite, spec or request the run was about; made safe for a file name. */
  name: string;
  /** Default `['md']`. */
  formats?: readonly ReportFormat[];
  /** The time in the file names (local time); default now. */
  now?: Date;
  /** The session's secrets, masked wherever they appear in the reports. */
  secrets?: SecretRegistry;
}

/**
 * Writes the run's reports to `.falcon/reports/<type>_report_<name>_<YYYYMMDD-HHMMSS>.<ext>` and
 * returns their project-relative paths. A report of the same name and second is kept, even one
 * written by another run meanwhile: the new one gets a `-2`, `-3`… suffix.
 */
export async function writeRunReports(run: TestRun, options: WriteRunReportsOptions): Promise<string[]> {
  const base = `${fileNamePart(options.type, 'run')}_report_${fileNamePart(options.name, 'unnamed')}_${fileTimestamp(options.now ?? new Date())}`;
  const folder = falconPath(options.projectRoot, 'reports');
  const written: string[] = [];
  for (const format of new Set<ReportFormat>(options.formats ?? ['md'])) {
    const content = renderReport(run, format, options.secrets);
    const fileName = await writeUnderFreeName(folder, base, REPORT_EXTENSIONS[format], content);
    written.push(path.posix.join(FALCON_DIR, 'reports', fileName));
  }
  return written;
}

/** Writes one report where the user asked, creating its folder; a reader never sees half a file. */
export async function writeReportFile(run: TestRun, file: string, format: ReportFormat, secrets?: SecretRegistry): Promise<void> {
  await replaceFile(file, renderReport(run, format, secrets)).catch((error: unknown) => {
    throw cannotWrite(file, error);
  });
}

async function writeUnderFreeName(folder: string, base: string, extension: string, content: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const fileName = `${base}${attempt === 1 ? '' : `-${attempt}`}.${extension}`;
    const file = path.join(folder, fileName);
    const created = await writeNewFile(file, content).catch((error: unknown) => {
      throw cannotWrite(file, error);
    });
    if (created) return fileName;
  }
}

function cannotWrite(file: string, error: unknown): Error {
  return new Error(`cannot write the report ${file}: ${error instanceof Error ? error.message : String(error)}`);
}

/** `Pet Store v2/users` → `pet-store-v2-users`. */
function fileNamePart(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
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
