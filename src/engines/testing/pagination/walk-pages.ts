import type { CheckEvidence, ResponseChecker } from '../checks/check-response.js';
import type { WalkedPage, WalkedPages } from '../checks/check-context.js';
import { caseRequestParts } from '../run/case-http-request.js';
import { type CaseExchange, type SendCaseOptions, sendCase } from '../run/send-case.js';
import type { CaseRequest, TestCase } from '../test-case.js';
import type { CaseResult, Finding, FollowUp } from '../test-run.js';
import { pageFacts, type PageFacts } from './page-facts.js';
import type { PageWalk } from './page-walk.js';

/** Pages a walk reads at most before it stops short of the end (the page past the end not counted). */
export const MAX_WALKED_PAGES = 10;

interface SentPage {
  number: number;
  exchange: CaseExchange;
  pastEnd?: true;
}

/**
 * Walks a pagination_consistency probe's list: its request is the first page; each next page comes
 * from the page before (the page number or offset moved on, the cursor or `Link` it names), until a
 * page says it is the last (fewer items than asked, none, no next cursor or link, `has_more` false),
 * a page brings no item not seen before (it would go round), MAX_WALKED_PAGES, or an answer that is
 * not a list. When the first page counts more items than that many pages of its size hold, the walk
 * starts again with pages as large as the list allows, so that it can reach the end. A list paged
 * by number or offset then gets one page more, past its end, which should be empty. Every page is
 * judged by the probe's checks; the walk as a whole, with the first page. The result is the first
 * page's exchange, the later pages its follow-ups, in order.
 */
export async function runPageWalk(testCase: TestCase, check: ResponseChecker, options: SendCaseOptions): Promise<CaseResult> {
  const started = performance.now();
  let walked: { pages: SentPage[]; ended: WalkedPages['ended'] };
  try {
    walked = await walkPages(testCase, testCase.walk!, testCase.request, options, true);
  } catch (error) {
    if (!options.signal?.aborted) throw error;
    return { case: testCase, outcome: 'skipped', findings: [], skipReason: 'cancelled', durationMs: Math.round(performance.now() - started) };
  }
  return walkResult(testCase, walked.pages, walked.ended, check, Math.round(performance.now() - started));
}

async function walkPages(
  testCase: TestCase,
  walk: PageWalk,
  first: CaseRequest,
  options: SendCaseOptions,
  mayRefit: boolean,
): Promise<{ pages: SentPage[]; ended: WalkedPages['ended'] }> {
  const pages: SentPage[] = [];
  const seen = new Set<string>();
  let request: CaseRequest | undefined = first;
  let ended: WalkedPages['ended'] = 'stopped';
  let offset = 0;
  let firstCount: number | undefined;
  for (let number = 1; request; number++) {
    const exchange = await sendCase({ ...testCase, request }, options);
    pages.push({ number, exchange });
    const facts = exchange.http && isSuccess(exchange.http.status) ? pageFacts(walk, exchange.http) : undefined;
    if (!facts?.items) break;
    const refit = mayRefit && number === 1 ? refitted(walk, first, facts) : undefined;
    if (refit) return walkPages(testCase, refit.walk, refit.first, options, false);
    const fresh = facts.keys.filter((key) => !seen.has(key));
    for (const key of facts.keys) seen.add(key);
    if (facts.keys.length > 0 && fresh.length === 0) break;
    firstCount ??= facts.items.length;
    offset += facts.items.length;
    const next = nextPage(walk, first, request, facts, { number, offset, firstCount }, options.baseUrl);
    if (next === 'end') ended = 'end';
    else if (next === 'unreachable') ended = 'stopped';
    else if (number >= MAX_WALKED_PAGES) ended = 'page-limit';
    request = typeof next === 'string' || number >= MAX_WALKED_PAGES ? undefined : next;
  }
  const last = pages.at(-1)!;
  const lastHadItems = last.exchange.http && (pageFacts(walk, last.exchange.http).items?.length ?? 0) > 0;
  if (ended === 'end' && lastHadItems && (walk.step.by === 'page' || walk.step.by === 'offset')) {
    const past = movedRequest(walk, first, { number: last.number, offset, firstCount: firstCount ?? 0 });
    pages.push({ number: last.number + 1, exchange: await sendCase({ ...testCase, request: past }, options), pastEnd: true });
  }
  return { pages, ended };
}

/** The walk with larger pages, when the total the first page states needs more pages of its size than a walk reads. */
function refitted(walk: PageWalk, first: CaseRequest, facts: PageFacts): { walk: PageWalk; first: CaseRequest } | undefined {
  const { size } = walk;
  if (!size || facts.total === undefined) return undefined;
  // One page is kept for finding the end: a last page exactly full is followed by an empty one.
  const needed = Math.ceil(facts.total / (MAX_WALKED_PAGES - 1));
  const value = Math.min(needed, size.largest ?? needed);
  if (value <= size.value) return undefined;
  return { walk: { ...walk, size: { ...size, value } }, first: { ...first, query: { ...first.query, [size.parameter]: value } } };
}

async function walkResult(testCase: TestCase, pages: SentPage[], ended: WalkedPages['ended'], check: ResponseChecker, durationMs: number): Promise<CaseResult> {
  const [first, ...later] = pages as [SentPage, ...SentPage[]];
  const walked: WalkedPage[] = pages.flatMap((page) =>
    page.exchange.http ? [{ number: page.number, response: page.exchange.http, ...(page.pastEnd && { pastEnd: true as const }) }] : [],
  );
  const findings: Finding[] = [];
  for (const page of pages) {
    const { http, error } = page.exchange;
    const evidence: CheckEvidence = page === first ? { walk: { pages: walked, ended } } : {};
    const found = http ? await check(testCase, http, evidence) : [{ kind: 'request_error' as const, message: error ?? 'no response' }];
    findings.push(...(page === first ? found : found.map((finding) => ({ ...finding, message: `${pageLabel(page)}: ${finding.message}` }))));
  }
  const followUps: FollowUp[] = later.map((page) => ({
    label: pageLabel(page),
    request: page.exchange.request,
    ...(page.exchange.response && { response: page.exchange.response }),
  }));
  return {
    case: testCase,
    outcome: findings.length > 0 ? 'failed' : 'passed',
    findings,
    request: first.exchange.request,
    ...(first.exchange.response && { response: first.exchange.response }),
    durationMs,
    ...(followUps.length > 0 && { followUps }),
  };
}

interface Position {
  /** The page just read, 1 for the first. */
  number: number;
  /** Items read so far. */
  offset: number;
  /** Items on the first page: the page size when the walk sets none. */
  firstCount: number;
}

/** The request for the page after this one; `end` when this one is the last, `unreachable` when the next is not under the base URL. */
function nextPage(
  walk: PageWalk,
  first: CaseRequest,
  current: CaseRequest,
  facts: PageFacts,
  position: Position,
  baseUrl: string,
): CaseRequest | 'end' | 'unreachable' {
  if (facts.items!.length === 0 || facts.hasMore === false) return 'end';
  const { step } = walk;
  if (step.by === 'page' || step.by === 'offset') {
    const size = walk.size?.value ?? position.firstCount;
    return facts.items!.length < size ? 'end' : movedRequest(walk, first, position);
  }
  if (!facts.next) return 'end';
  if ('cursor' in facts.next && step.by === 'cursor') return { ...first, query: { ...first.query, [step.parameter]: facts.next.cursor } };
  if (!('url' in facts.next)) return 'end';
  const path = underBase(facts.next.url, current, baseUrl);
  if (path === undefined) return 'unreachable';
  const { query: _query, pathParams: _pathParams, ...rest } = first;
  return { ...rest, path };
}

/** The page after `position` of a list paged by number or offset. */
function movedRequest(walk: PageWalk, first: CaseRequest, position: Position): CaseRequest {
  const { step } = walk;
  if (step.by === 'page') return { ...first, query: { ...first.query, [step.parameter]: step.first + position.number } };
  if (step.by === 'offset') return { ...first, query: { ...first.query, [step.parameter]: position.offset } };
  return first;
}

/**
 * A next-page address as a path under the base URL (`/items?page=2`), resolved against the page it
 * came from; undefined when it leads elsewhere, where the run does not send requests.
 */
function underBase(address: string, current: CaseRequest, baseUrl: string): string | undefined {
  const base = baseUrl.replace(/\/+$/, '');
  let resolved: URL;
  try {
    resolved = new URL(address, caseRequestParts(current, base).url);
  } catch {
    return undefined;
  }
  const target = resolved.href;
  if (!target.startsWith(`${base}/`) && !target.startsWith(`${base}?`)) return undefined;
  return target.slice(base.length) || '/';
}

function pageLabel(page: SentPage): string {
  return page.pastEnd ? `page ${page.number} (past the end)` : `page ${page.number}`;
}

function isSuccess(status: number): boolean {
  return status >= 200 && status <= 299;
}
