/** `Application/JSON; charset=utf-8` → `application/json`; undefined for an absent or empty header. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  return essence || undefined;
}

/** Whether `actual` is covered by a documented media type, which may be a range (`application/*`, `*\/*`). */
function mediaTypeMatches(actual: string, documented: string): boolean {
  const wanted = mediaTypeOf(documented);
  if (!wanted) return false;
  if (wanted === '*/*' || wanted === '*') return true;
  const [type, subtype] = wanted.split('/');
  const [actualType, actualSubtype] = actual.split('/');
  return type === actualType && (subtype === '*' || subtype === actualSubtype);
}

/** The documented media type that covers `actual`, the most specific first (exact, then `type/*`, then `*\/*`). */
export function matchingMediaType(actual: string, documented: string[]): string | undefined {
  const candidates = documented.filter((mediaType) => mediaTypeMatches(actual, mediaType));
  return candidates.sort((a, b) => specificity(b) - specificity(a))[0];
}

function specificity(mediaType: string): number {
  const essence = mediaTypeOf(mediaType) ?? '';
  if (essence === '*/*' || essence === '*') return 0;
  return essence.endsWith('/*') ? 1 : 2;
}

/** `application/json`, `application/problem+json`, `text/json`: bodies to parse as JSON. */
export function isJsonMediaType(mediaType: string): boolean {
  const subtype = mediaTypeOf(mediaType)?.split('/')[1] ?? '';
  return subtype === 'json' || subtype.endsWith('+json');
}
