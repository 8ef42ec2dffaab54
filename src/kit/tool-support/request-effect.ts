/** Requests that only read. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Headers by which many frameworks let a GET or POST stand for another method. */
const METHOD_OVERRIDES = new Set(['x-http-method-override', 'x-http-method', 'x-method-override']);

/**
 * What a request does beyond reading, for plan mode (`sends a DELETE request`), or undefined for a
 * GET, HEAD or OPTIONS. Either may be what the server does: the method, or the one a header asks it
 * to stand for (`X-HTTP-Method-Override: DELETE` on a GET is a DELETE).
 */
export function requestBeyondReading(method: unknown, headers: unknown): string | undefined {
  const sent = typeof method === 'string' ? method.toUpperCase() : 'non-GET';
  const changing = [sent, overriddenMethod(headers)].find((each) => each !== undefined && !READING_METHODS.has(each));
  return changing && `sends a ${changing} request`;
}

function overriddenMethod(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const override = Object.entries(headers).find(([name]) => METHOD_OVERRIDES.has(name.trim().toLowerCase()));
  return override === undefined ? undefined : String(override[1]).trim().toUpperCase();
}
