import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { resolveInsideProject } from '../../../safety/project-path.js';

/** One row of a data file: column → value, every value as text (it fills a `{{column}}`). */
export type DataRow = Record<string, string>;

export interface DataFile {
  /** Project-relative path. */
  file: string;
  columns: string[];
  rows: DataRow[];
}

export class DataFileError extends Error {
  override name = 'DataFileError';
}

export const MAX_DATA_ROWS = 10_000;

/**
 * The rows of a CSV file (a header row, then one row per line; quoted fields may hold commas and
 * newlines; a BOM and empty lines are skipped) or a JSON file (an array of objects, or
 * `{"rows": [...]}`), inside the project. JSON numbers and booleans become their text, objects and
 * arrays their JSON, `null` an empty string.
 */
export async function readDataRows(projectRoot: string, file: string): Promise<DataFile> {
  const { absolute, relative } = await resolveInsideProject(projectRoot, file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch {
    throw new DataFileError(`cannot read the data file ${relative}: it is not a file`);
  }
  const rows = /\.json$/i.test(relative) ? jsonRows(text, relative) : csvRows(text, relative);
  if (rows.length === 0) throw new DataFileError(`${relative} has no data rows`);
  if (rows.length > MAX_DATA_ROWS) throw new DataFileError(`${relative} has ${rows.length} rows; at most ${MAX_DATA_ROWS} are run at once`);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return { file: relative, columns, rows };
}

function csvRows(text: string, file: string): DataRow[] {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      columns: (header: string[]) => checkHeader(header, file),
    }) as DataRow[];
  } catch (error) {
    if (error instanceof DataFileError) throw error;
    throw new DataFileError(describeCsvError(error as Error & { code?: string; lines?: number; record?: unknown[] }, file));
  }
}

function checkHeader(header: string[], file: string): string[] {
  const names = header.map((name) => name.trim());
  const blank = names.findIndex((name) => name === '');
  if (blank !== -1) throw new DataFileError(`${file} line 1: column ${blank + 1} of the header row has no name`);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw new DataFileError(`${file} line 1: the header row names "${repeated}" twice`);
  return names;
}

function describeCsvError(error: Error & { code?: string; lines?: number; record?: unknown[] }, file: string): string {
  const where = error.lines === undefined ? file : `${file} line ${error.lines}`;
  if (error.code === 'CSV_RECORD_INCONSISTENT_COLUMNS') {
    const fields = error.record?.length;
    return `${where}: ${fields === undefined ? 'a different number of' : fields} field${fields === 1 ? '' : 's'} where the header row has ${/columns length is (\d+)/.exec(error.message)?.[1] ?? 'another number'}`;
  }
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return `${where}: a quoted field is never closed`;
  return `${where}: ${error.message.replace(/ on line \d+\.?$/, '')}`;
}

function jsonRows(text: string, file: string): DataRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.rows) ? data.rows : undefined;
  if (!list) throw new DataFileError(`${file} must hold an array of objects, or {"rows": [...]}`);
  return list.map((item, index) => {
    if (!isObject(item)) throw new DataFileError(`${file}: row ${index + 1} is not an object`);
    return Object.fromEntries(Object.entries(item).map(([key, value]) => [key, cellText(value)]));
  });
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
