import type { WalkedPage, WalkedPages } from '../checks/check-context.js';
import { pageFacts, type PageFacts } from './page-facts.js';
import type { PageWalk } from './page-walk.js';

/** Items a message names before it says how many more there are. */
const NAMED_ITEMS = 5;

/**
 * What a walk's pages say against one another: an item on two pages (or twice on one), a page past
 * the end that holds items, and a count of all items or pages that disagrees with what the walk
 * saw — exactly when it reached the end, at least when it stopped before.
 */
export function walkFindings(walk: PageWalk, walked: WalkedPages): string[] {
  const read = walked.pages.filter((page) => isSuccess(page)).map((page) => ({ page, facts: pageFacts(walk, page.response) }));
  const listed = read.filter(({ facts }) => facts.items !== undefined);
  const inside = listed.filter(({ page }) => !page.pastEnd);
  const firstPage = new Map<string, number>();
  const repeats = new Map<string, { first: number; again: number; keys: string[] }>();
  for (const { page, facts } of inside) {
    for (const key of facts.keys) {
      const first = firstPage.get(key);
      if (first === undefined) {
        firstPage.set(key, page.number);
        continue;
      }
      const pair = `${first} ${page.number}`;
      const entry = repeats.get(pair) ?? { first, again: page.number, keys: [] };
      entry.keys.push(key);
      repeats.set(pair, entry);
    }
  }
  const findings = [...repeats.values()].map(({ first, again, keys }) =>
    first === again
      ? `page ${again} lists ${itemCount(keys)} twice: ${named(keys)}`
      : `page ${again} repeats ${itemCount(keys)} of page ${first}: ${named(keys)}`,
  );
  const pastEnd = listed.find(({ page }) => page.pastEnd);
  const last = inside.at(-1);
  if (pastEnd && last && pastEnd.facts.keys.length > 0) findings.push(pastEndFinding(pastEnd.page, pastEnd.facts, last.page.number, firstPage));
  const stated = inside[0]?.facts;
  if (stated) findings.push(...countFindings(stated, firstPage.size, inside.filter(({ facts }) => facts.keys.length > 0).length, walked.ended));
  return findings;
}

function pastEndFinding(page: WalkedPage, facts: PageFacts, lastNumber: number, firstPage: ReadonlyMap<string, number>): string {
  const repeated = facts.keys.filter((key) => firstPage.has(key));
  const where = `page ${page.number}, past the last page (${lastNumber}),`;
  if (repeated.length === 0) return `${where} still lists ${itemCount(facts.keys)} the walk had not seen: ${named(facts.keys)} (expected none)`;
  const pages = [...new Set(repeated.map((key) => firstPage.get(key)!))].sort((a, b) => a - b);
  return `${where} repeats ${itemCount(repeated)} of page${pages.length === 1 ? '' : 's'} ${pages.join(', ')}: ${named(repeated)} (expected none)`;
}

/** The counts the first page states, against the distinct items and the pages with items the walk saw. */
function countFindings(stated: PageFacts, items: number, pages: number, ended: WalkedPages['ended']): string[] {
  const findings: string[] = [];
  const saw = `the walk ${ended === 'end' ? 'to the last page ' : 'of its first pages '}saw ${items} distinct item${items === 1 ? '' : 's'} on ${pages} page${pages === 1 ? '' : 's'}`;
  const { total, pageCount } = stated;
  if (total !== undefined && (ended === 'end' ? total !== items : total < items))
    findings.push(`the total says ${total} item${total === 1 ? '' : 's'}, but ${saw}`);
  // An empty list may count as one (empty) page or none.
  const pagesAgree = pageCount === pages || (items === 0 && pageCount !== undefined && pageCount <= 1);
  if (pageCount !== undefined && !pagesAgree && (ended === 'end' || pageCount < pages))
    findings.push(`the page count says ${pageCount} page${pageCount === 1 ? '' : 's'}, but ${saw}`);
  return findings;
}

function isSuccess(page: WalkedPage): boolean {
  return page.response.status >= 200 && page.response.status <= 299;
}

function itemCount(keys: readonly string[]): string {
  return keys.length === 1 ? '1 item' : `${keys.length} items`;
}

function named(keys: readonly string[]): string {
  const shown = keys.slice(0, NAMED_ITEMS).map((key) => (key.length > 60 ? `${key.slice(0, 59)}…` : key));
  return keys.length > NAMED_ITEMS ? `${shown.join(', ')} and ${keys.length - NAMED_ITEMS} more` : shown.join(', ');
}
