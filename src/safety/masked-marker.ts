/** What a masked secret reads as when nothing is known about it. */
export const MASK = '[masked]';

/** `[masked]`, or `[masked:API_TOKEN]` when the value's name is known: a reader learns which secret it was, never its value. */
export function maskedMarker(label?: string): string {
  return label ? `[masked:${label}]` : MASK;
}

/** Every marker in a text; the first group is the label, when there is one. */
export const MASKED_MARKER = /\[masked(?::([\w.-]+))?\]/g;

/** A label as a marker carries it: letters, digits and `_ . -` only. */
export function markerLabel(label: string | undefined): string | undefined {
  const clean = label
    ?.replace(/^env:/, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return clean || undefined;
}
