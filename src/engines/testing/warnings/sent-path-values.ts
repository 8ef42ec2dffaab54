import { pathParameterNames, pathValuesInUrl } from '../path-template.js';

/**
 * What of a case's result says which path parameters it sent: a CaseResult, written out so that
 * the checks can use this file without importing test-run.ts, which imports them.
 */
interface SentPath {
  request?: { url: string };
  case: { request: { pathParams?: Record<string, string | number | boolean> } };
}

/**
 * The path parameters as the case sent them: read back from the URL it requested (a chain's
 * `{{id}}` is filled only when sent), else the case's own pathParams.
 */
export function sentPathValues(template: string, result: SentPath): Record<string, string> {
  const names = pathParameterNames(template);
  if (names.length === 0) return {};
  const fromUrl = result.request ? pathValuesInUrl(template, result.request.url) : undefined;
  if (fromUrl) return fromUrl;
  const given = result.case.request.pathParams ?? {};
  return Object.fromEntries(names.flatMap((name) => (given[name] === undefined ? [] : [[name, String(given[name])]])));
}
