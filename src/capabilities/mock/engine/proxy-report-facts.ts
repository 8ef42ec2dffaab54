import type { ProxyReport } from './proxy-report.js';

/** `42 requests, 3 mismatches (response_schema_conformance 2, request_conformance 1)`. */
export function proxyFigures(report: ProxyReport): string {
  const byCheck = mismatchesByCheck(report);
  const detail = byCheck.length > 0 ? ` (${byCheck.map(([check, count]) => `${check} ${count}`).join(', ')})` : '';
  return `${count(report.exchanges, 'request')}, ${count(report.mismatches.length, 'mismatch', 'mismatches')}${detail}`;
}

/** Each check with its number of mismatches, most first. */
export function mismatchesByCheck(report: ProxyReport): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const mismatch of report.mismatches) counts.set(mismatch.check, (counts.get(mismatch.check) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function count(number: number, one: string, many = `${one}s`): string {
  return `${number} ${number === 1 ? one : many}`;
}
