import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { linkedFolderProblem } from '../../safety/linked-folder.js';
import { falconPath } from '../../workspace/falcon-dir.js';
import { UnreadableReportError } from '../../kit/read-report.js';
import type { AnyReportFace, ReportContent } from '../../kit/report-face.js';
import { parseReport } from './parse-report.js';
import { reportFaces } from './report-faces.js';

/** A load run's JSON is small; a test run's holds every exchange. More than this is no report worth drawing. */
const MOST_REPORT_BYTES = 64 * 1024 * 1024;

export interface ReportFile {
  /** The file's name in .falcon/reports/. */
  name: string;
  modifiedAt: Date;
}

/** A JSON file of .falcon/reports/: the report it holds, or why it holds none the dashboard shows. */
export type ProjectReport = ReportFile & ({ readable: true; content: ReportContent } | { readable: false; note: string });

/** A file of .falcon/reports/ that is no JSON report and no report's Markdown beside its twin. */
export interface OtherReportFile {
  name: string;
  note: string;
}

export interface ProjectReports {
  /** Newest first. */
  reports: ProjectReport[];
  others: OtherReportFile[];
}

/**
 * Every JSON report of the project, read, and the files that are none; an absent folder has neither,
 * and a folder reached through a link is not read (a note says so).
 */
export async function listProjectReports(projectRoot: string): Promise<ProjectReports> {
  const folder = falconPath(projectRoot, 'reports');
  const problem = linkedFolderProblem(projectRoot, folder);
  if (problem)
    return { reports: [], others: [{ name: '.falcon/reports/', note: `not read: ${problem}, and the dashboard shows only what is inside the project` }] };
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => !name.startsWith('.')).sort();
  const jsonNames = new Set(names.filter((name) => name.toLowerCase().endsWith('.json')));
  const faces = await reportFaces();
  const reports = (await Promise.all([...jsonNames].map((name) => readReport(projectRoot, name, faces)))).filter((report) => report !== undefined);
  const others = names.filter((name) => !jsonNames.has(name) && !jsonNames.has(twinName(name))).map((name) => ({ name, note: otherFileNote(name) }));
  return { reports: reports.sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime()), others };
}

/**
 * One JSON report by its file name, `undefined` when there is no such file. Only a regular file
 * right in .falcon/reports/ is read: a name with a path in it, or a link (the file's or a folder's on
 * the way), is never followed.
 */
export async function readProjectReport(projectRoot: string, name: string): Promise<ProjectReport | undefined> {
  return readReport(projectRoot, name, await reportFaces());
}

async function readReport(projectRoot: string, name: string, faces: readonly AnyReportFace[]): Promise<ProjectReport | undefined> {
  if (!isReportFileName(name)) return undefined;
  if (linkedFolderProblem(projectRoot, falconPath(projectRoot, 'reports'))) return undefined;
  const file = falconPath(projectRoot, 'reports', name);
  const info = await lstat(file).catch(() => undefined);
  if (!info) return undefined;
  const listed = { name, modifiedAt: info.mtime };
  if (!info.isFile()) return { ...listed, readable: false, note: 'not a regular file (a link or a folder): not read' };
  if (info.size > MOST_REPORT_BYTES) return { ...listed, readable: false, note: `too large to show (${Math.round(info.size / 1024 / 1024)} MB)` };
  try {
    return { ...listed, readable: true, content: await parseReport(await readFile(file, 'utf8'), name, faces) };
  } catch (error) {
    if (error instanceof UnreadableReportError) return { ...listed, readable: false, note: error.message };
    return { ...listed, readable: false, note: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
}

export function isReportFileName(name: string): boolean {
  return /^[^/\\]+\.json$/i.test(name) && !name.startsWith('.') && path.basename(name) === name;
}

/** `x.md` → `x.json`: the twin a report of another format has when the run wrote one. */
function twinName(name: string): string {
  return `${name.replace(/\.[^.]+$/, '')}.json`;
}

function otherFileNote(name: string): string {
  if (name.toLowerCase().endsWith('.md')) return 'a Markdown report without a JSON twin (written before Falcon wrote them): open it in an editor';
  return 'not a JSON report: the dashboard shows only the JSON reports Falcon writes';
}
