/**
 * `perf_report_<name>_<YYYYMMDD-HHMMSS>` (local time), without extension: the test reports' naming
 * (engines/testing/report/write-run-reports.ts) with the type `perf`, so both sort together.
 */
export function perfReportBaseName(name: string, now: Date): string {
  return `perf_report_${fileNamePart(name)}_${fileTimestamp(now)}`;
}

/** `GET https://api.example.com/users` → `get-https-api-example-com-users`; `Café` → `cafe`. */
function fileNamePart(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'unnamed';
}

function fileTimestamp(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}${two(date.getMonth() + 1)}${two(date.getDate())}-${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`;
}
