import { pathParameterNames, pathValuesInUrl } from '../path-template.js';

import type { CaseResult } from '../test-run.js';

/**
 * The path parameters as the case sent them: read back from the URL it requested (a chain's
 * `{{id}}` is filled only when sent), else the case's own pathParams.
 */
export function sentPathValues(template: string, result: CaseResult): Record<string, string> {
  const names = pathParameterNames(template);
  if (names.length === 0) return {};
  const fromUrl = result.request ? pathValuesInUrl(template, result.request.url) : undefined;
  if (fromUrl) return fromUrl;
  const given = result.case.request.pathParams ?? {};
  return Object.fromEntries(names.flatMap((name) => (given[name] === undefined ? [] : [[name, String(given[name])]])));
}
