/** What is wrong with a base URL, or `undefined` when it is an http(s) URL. */
export function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `"${value}" is not a URL; expected e.g. http://localhost:3000`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${value}" is not an http:// or https:// URL`;
  return undefined;
}

/** Without a trailing slash, so that `{{BASE_URL}}/users` reads well. */
export function withoutTrailingSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
