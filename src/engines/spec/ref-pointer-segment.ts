/** A JSON pointer segment as written in a `$ref` (`~1` for `/`, maybe percent-encoded) → the name it stands for. */
export function refPointerSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Not percent-encoded after all.
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}
