import path from 'node:path';
import { replaceFile } from '../../../safety/atomic-write.js';
import { cannotWriteReport, writeProjectReport } from '../../testing/report/project-report-file.js';
import type { PerfResult } from '../perf-result.js';
import { PerfUsageError } from '../perf-usage-error.js';
import { perfHtml } from './perf-html.js';
import { perfMarkdown } from './perf-markdown.js';

type Renderer = (result: PerfResult, finishedAt: Date) => string;

const RENDERERS: Record<string, Renderer> = {
  '.md': perfMarkdown,
  '.html': perfHtml,
  '.htm': perfHtml,
  '.json': perfJson,
};

/** The extensions a report file may have; the extension chooses the format. */
export const PERF_REPORT_EXTENSIONS = Object.keys(RENDERERS);

/** Refuses a report file whose extension names no format: worth calling before a run, not after it. */
export function checkPerfReportFile(file: string): void {
  rendererFor(file);
}

/** The report in the format the file's extension names (any case). */
export function renderPerfReport(result: PerfResult, file: string, finishedAt = new Date()): string {
  return rendererFor(file)(result, finishedAt);
}

/** Writes the report where the user asked, creating its folder; a reader never sees half a file. */
export async function writePerfReport(result: PerfResult, file: string, finishedAt = new Date()): Promise<void> {
  const content = renderPerfReport(result, file, finishedAt);
  await replaceFile(file, content).catch((error: unknown) => {
    throw cannotWriteReport(file, error);
  });
}

export interface ProjectPerfReportOptions {
  projectRoot: string;
  /** The target or request the run was about; made safe for a file name. */
  name: string;
  /** The time in the file name (local time) and the report's; default now. */
  now?: Date;
}

/**
 * Writes the Markdown report to `.falcon/reports/perf_report_<name>_<YYYYMMDD-HHMMSS>.md`, and beside
 * it `<same name>.json` (what `--json` writes), and returns the Markdown's project-relative path. A
 * report of the same name and second is kept: the new one gets a `-2`, `-3`… suffix.
 */
export async function writeProjectPerfReport(result: PerfResult, options: ProjectPerfReportOptions): Promise<string> {
  const now = options.now ?? new Date();
  return writeProjectReport(options.projectRoot, {
    type: 'perf',
    name: options.name,
    now,
    extension: 'md',
    content: perfMarkdown(result, now),
    jsonTwin: perfJson(result),
  });
}

/** What `--json` writes: the result as it is. */
function perfJson(result: PerfResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

function rendererFor(file: string): Renderer {
  const renderer = RENDERERS[path.extname(file).toLowerCase()];
  if (!renderer) throw new PerfUsageError(`cannot tell the report format of "${file}": its name must end in ${PERF_REPORT_EXTENSIONS.join(', ')}`);
  return renderer;
}
