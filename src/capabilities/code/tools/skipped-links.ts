import { shownPath } from '../../../safety/shown-path.js';

const MAX_NAMED_LINKS = 3;

/** ` (skipped 1 link that leads outside the project: link)` for a listing's or search's summary; '' for none. */
export function skippedLinksNote(links: readonly string[]): string {
  if (links.length === 0) return '';
  const more = links.length > MAX_NAMED_LINKS ? ` and ${links.length - MAX_NAMED_LINKS} more` : '';
  const named = `${links.slice(0, MAX_NAMED_LINKS).map(shownPath).join(', ')}${more}`;
  return links.length === 1
    ? ` (skipped 1 link that leads outside the project: ${named})`
    : ` (skipped ${links.length} links that lead outside the project: ${named})`;
}
