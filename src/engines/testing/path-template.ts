/** Path templates (`/pets/{petId}`) and the values a URL gives their parameters. */
const PATH_PARAMETER = /\{([^{}]+)\}/g;

/** `/pets/{petId}` → `['petId']`. */
export function pathParameterNames(template: string): string[] {
  return [...template.matchAll(PATH_PARAMETER)].map((match) => match[1]!);
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
