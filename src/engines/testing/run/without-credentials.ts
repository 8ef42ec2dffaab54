import type { CaseRequest } from '../test-case.js';

/**
 * The run's headers (`-H`) less the credentials the request goes without: headers by name (any
 * case), cookies by name out of a `Cookie` header (dropped when none is left).
 */
export function runHeadersWithout(runHeaders: Record<string, string>, without: CaseRequest['withoutCredentials']): Record<string, string> {
  if (!without) return runHeaders;
  const headers = new Set((without.headers ?? []).map((name) => name.toLowerCase()));
  const cookies = new Set(without.cookies ?? []);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(runHeaders)) {
    const lower = name.toLowerCase();
    if (headers.has(lower)) continue;
    if (lower !== 'cookie' || cookies.size === 0) {
      kept[name] = value;
      continue;
    }
    const rest = value
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => pair !== '' && !cookies.has(pair.split('=')[0]!.trim()));
    if (rest.length > 0) kept[name] = rest.join('; ');
  }
  return kept;
}
