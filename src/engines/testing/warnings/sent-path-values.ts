/**
 * What of a case's result says which path parameters it sent: a CaseResult, written out so that
 * the checks can use this file without importing test-run.ts, which imports them.
 */
interface SentPath {
  request?: { url: string };
  case: { request: { pathParams?: Record<string, string | number | boolean> } };
}

const PATH_PARAMETER = /\{([^{}]+)\}/g;

/** `/pets/{petId}` → `['petId']`. */
export function pathParameterNames(template: string): string[] {
  return [...template.matchAll(PATH_PARAMETER)].map((match) => match[1]!);
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

/** The path parameters of `template` as a URL carries them, decoded; undefined when the URL does not match it. */
export function pathValuesInUrl(template: string, url: string): Record<string, string> | undefined {
  const names = pathParameterNames(template);
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined;
  }
  // Any prefix (the base URL's path), then the template with each {name} as one segment or part of one.
  const pattern = template
    .split(PATH_PARAMETER)
    .map((part, index) => (index % 2 === 1 ? '([^/]*)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  const match = new RegExp(`^.*?${pattern}/?$`).exec(pathname);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, decoded(match[index + 1] ?? '')]));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
