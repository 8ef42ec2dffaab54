import path from 'node:path';
import { readDataRows, type DataRow } from '../../../engines/testing/data-driven/read-data-rows.js';

/**
 * The rows a `foreach` step runs once each: a CSV or JSON file beside the flow file (beside the
 * project root for a flow that is not a file), kept inside the project; or the rows as written, each
 * value as text. Throws DataFileError or ProjectPathError with the reason.
 */
export async function foreachRows(foreach: string | Array<Record<string, unknown>>, projectRoot: string, flowFile: string | undefined): Promise<DataRow[]> {
  if (Array.isArray(foreach)) return foreach.map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, cellText(value)])));
  const folder = flowFile ? path.dirname(path.resolve(projectRoot, flowFile)) : projectRoot;
  const relative = path.relative(projectRoot, path.resolve(folder, foreach)).split(path.sep).join('/');
  return (await readDataRows(projectRoot, relative)).rows;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
