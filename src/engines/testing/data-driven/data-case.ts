import type { SavedRequest } from '../../../workspace/saved-requests.js';
import type { TestCase } from '../test-case.js';
import { DataFileError, type DataRow } from './read-data-rows.js';
import { maskText } from '../../../safety/mask-text.js';
import { maskNamedValue } from '../../../safety/secret-assignments.js';

/** The column that, when a row fills it, says which statuses pass for that row. */
export const EXPECTED_STATUS_COLUMN = 'expected_status';

const SHOWN_COLUMNS = 3;
const SHOWN_VALUE_CHARS = 30;

/**
 * The case a data row makes of a saved request: `create-user/row-3`, named by its row number and
 * its first values (secrets masked), expecting the row's `expected_status` when it gives one.
 */
export function dataCase(saved: SavedRequest, row: DataRow, rowNumber: number, file: string): TestCase {
  const expectStatus = expectedStatuses(row, rowNumber, file);
  return {
    id: `${saved.name}/row-${rowNumber}`,
    name: `${saved.name} row ${rowNumber}${describeValues(row)}`,
    kind: 'data',
    tags: ['data'],
    request: {
      method: saved.method.toUpperCase(),
      path: saved.url,
      ...(saved.query && { query: saved.query }),
      ...(saved.headers && { headers: saved.headers }),
      ...(saved.body !== undefined && saved.body !== null && { body: saved.body }),
    },
    ...(expectStatus && { expectStatus }),
  };
}

/** `200`, `200|201`, `200, 201` or `404 410`; undefined when the row leaves it empty. */
function expectedStatuses(row: DataRow, rowNumber: number, file: string): number[] | undefined {
  const text = row[EXPECTED_STATUS_COLUMN]?.trim();
  if (!text) return undefined;
  const parts = text.split(/[\s,|;/]+/).filter(Boolean);
  if (!parts.every((part) => /^[1-5]\d\d$/.test(part))) {
    throw new DataFileError(`${file} row ${rowNumber}: ${EXPECTED_STATUS_COLUMN} "${text}" is not a status such as 200, or several such as 200|201`);
  }
  return parts.map(Number);
}

function describeValues(row: DataRow): string {
  const shown = Object.entries(row)
    .filter(([name]) => name !== EXPECTED_STATUS_COLUMN)
    .slice(0, SHOWN_COLUMNS)
    .map(([name, value]) => `${name}=${cut(maskNamedValue(name, value))}`);
  const more = Object.keys(row).filter((name) => name !== EXPECTED_STATUS_COLUMN).length > SHOWN_COLUMNS ? ', …' : '';
  return shown.length === 0 ? '' : maskText(`: ${shown.join(', ')}${more}`);
}

function cut(value: string): string {
  const line = value.replace(/\s+/g, ' ');
  return line.length > SHOWN_VALUE_CHARS ? `${line.slice(0, SHOWN_VALUE_CHARS)}…` : line;
}
