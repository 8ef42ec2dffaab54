import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createResponseChecker } from '../../../../src/engines/testing/checks/check-response.js';
import type { PageWalk } from '../../../../src/engines/testing/pagination/page-walk.js';
import { MAX_WALKED_PAGES, runPageWalk } from '../../../../src/engines/testing/pagination/walk-pages.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { closeServer, listenOnLoopback, servingWith } from '../../../apis/loopback-server.js';
import { getOperation, jsonResponse, specOf } from '../checks/spec-fixture.js';

type Answer = (url: URL) => { status?: number; body: unknown; headers?: Record<string, string> };

const servers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

/** A list API answering with `answer`; `asked` holds each request's path and query, in order. */
async function listApi(answer: Answer): Promise<{ url: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer(
    servingWith((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      const { status = 200, body, headers = {} } = answer(url);
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    }),
  );
  const url = await listenOnLoopback(server);
  servers.push(() => closeServer(server));
  return { url, asked };
}

const ids = (from: number, count: number) => Array.from({ length: Math.max(0, count) }, (_, index) => ({ id: from + index }));
/** A list of `total` items paged by `page` and `size`, as a correct API pages it. */
const paged =
  (total: number, options: { ignorePage?: boolean; pastEndRepeats?: boolean } = {}): Answer =>
  (url) => {
    const size = Number(url.searchParams.get('size') ?? 3);
    let page = options.ignorePage ? 1 : Number(url.searchParams.get('page') ?? 1);
    if (options.pastEndRepeats && (page - 1) * size >= total) page = Math.ceil(total / size);
    return { body: { items: ids((page - 1) * size + 1, Math.min(size, total - (page - 1) * size)), total } };
  };

const pageWalk: PageWalk = {
  step: { by: 'page', parameter: 'page', first: 1 },
  size: { parameter: 'size', value: 2, largest: 50 },
  items: ['items'],
  key: 'id',
  total: { in: 'body', path: ['total'] },
};
const walkCase = (walk: PageWalk, query: TestCase['request']['query'] = { page: 1, size: 2 }): TestCase => ({
  id: 'listThings/probe/walk-pages',
  name: 'GET /things walked page by page',
  kind: 'probe',
  probe: 'pagination_consistency',
  operationId: 'listThings',
  tags: [],
  request: { method: 'GET', path: '/things', query },
  walk,
});
const check = createResponseChecker({
  spec: specOf([getOperation('listThings', '/things', { '200': jsonResponse({ type: 'object' }) })]),
  checks: ['pagination_consistency', 'not_a_server_error'],
});

describe('walking a paginated list', () => {
  it('reads page after page to the short last one, then one page past it; the later pages are follow-ups', async () => {
    const api = await listApi(paged(5));
    const result = await runPageWalk(walkCase(pageWalk), check, { baseUrl: api.url });
    expect(api.asked).toEqual(['/things?page=1&size=2', '/things?page=2&size=2', '/things?page=3&size=2', '/things?page=4&size=2']);
    expect(result).toMatchObject({ outcome: 'passed', findings: [], request: { url: `${api.url}/things?page=1&size=2` }, response: { status: 200 } });
    expect(result.followUps?.map((followUp) => [followUp.label, followUp.request.url])).toEqual([
      ['page 2', `${api.url}/things?page=2&size=2`],
      ['page 3', `${api.url}/things?page=3&size=2`],
      ['page 4 (past the end)', `${api.url}/things?page=4&size=2`],
    ]);
  });

  it('fails on what the pages say against one another: an item again past the end', async () => {
    const api = await listApi(paged(5, { pastEndRepeats: true }));
    const result = await runPageWalk(walkCase(pageWalk), check, { baseUrl: api.url });
    expect(result.outcome).toBe('failed');
    expect(result.findings).toEqual([
      { kind: 'pagination_consistency', message: 'page 4, past the last page (3), repeats 1 item of page 3: id=5 (expected none)' },
    ]);
  });

  it('stops at a page that brings nothing new, rather than go round', async () => {
    const api = await listApi(paged(5, { ignorePage: true }));
    const result = await runPageWalk(walkCase(pageWalk), check, { baseUrl: api.url });
    expect(api.asked).toEqual(['/things?page=1&size=2', '/things?page=2&size=2']);
    expect(result.findings).toEqual([{ kind: 'pagination_consistency', message: 'page 2 repeats 2 items of page 1: id=1, id=2' }]);
  });

  it('starts again with larger pages when the list counts more items than its pages would hold, up to what the parameter allows', async () => {
    const api = await listApi(paged(30));
    const result = await runPageWalk(walkCase(pageWalk), check, { baseUrl: api.url });
    expect(result.findings).toEqual([]);
    expect(api.asked[0]).toBe('/things?page=1&size=2');
    expect(api.asked.slice(1)).toEqual(Array.from({ length: 9 }, (_, index) => `/things?page=${index + 1}&size=4`));
    const capped = await listApi(paged(30));
    await runPageWalk(walkCase({ ...pageWalk, size: { parameter: 'size', value: 2, largest: 3 } }), check, { baseUrl: capped.url });
    expect(capped.asked.slice(1, 3)).toEqual(['/things?page=1&size=3', '/things?page=2&size=3']);
    expect(capped.asked).toHaveLength(1 + MAX_WALKED_PAGES);
  });

  it(`reads at most ${MAX_WALKED_PAGES} pages, and then holds the total only to what they saw`, async () => {
    const api = await listApi((url) => ({ body: { items: ids((Number(url.searchParams.get('page')) - 1) * 2 + 1, 2), total: 15 } }));
    const result = await runPageWalk(walkCase({ ...pageWalk, size: { parameter: 'size', value: 2, largest: 2 } }), check, { baseUrl: api.url });
    expect(api.asked).toHaveLength(MAX_WALKED_PAGES);
    expect(result.findings).toEqual([
      { kind: 'pagination_consistency', message: 'the total says 15 items, but the walk of its first pages saw 20 distinct items on 10 pages' },
    ]);
  });

  it('walks by offset, moving by the items received', async () => {
    const events = ids(1, 5);
    const api = await listApi((url) => {
      const offset = Number(url.searchParams.get('offset'));
      return { body: events.slice(offset, offset + Number(url.searchParams.get('limit'))), headers: { 'x-total-count': '5' } };
    });
    const walk: PageWalk = {
      step: { by: 'offset', parameter: 'offset' },
      size: { parameter: 'limit', value: 2 },
      items: [],
      key: 'id',
      total: { in: 'header', name: 'X-Total-Count' },
    };
    const result = await runPageWalk(walkCase(walk, { offset: 0, limit: 2 }), check, { baseUrl: api.url });
    expect(api.asked).toEqual(['/things?offset=0&limit=2', '/things?offset=2&limit=2', '/things?offset=4&limit=2', '/things?offset=5&limit=2']);
    expect(result.findings).toEqual([]);
  });

  it('walks by the cursor each page names, to the page that names none', async () => {
    const api = await listApi((url) => {
      const after = Number(url.searchParams.get('cursor') ?? 0);
      const data = ids(after + 1, Math.min(2, 5 - after));
      return { body: { data, next: after + 2 < 5 ? String(after + 2) : null } };
    });
    const walk: PageWalk = { step: { by: 'cursor', parameter: 'cursor', from: { body: ['next'] } }, items: ['data'], key: 'id' };
    const result = await runPageWalk(walkCase(walk, {}), check, { baseUrl: api.url });
    expect(api.asked).toEqual(['/things', '/things?cursor=2', '/things?cursor=4']);
    expect(result.findings).toEqual([]);
    expect(result.followUps?.map((followUp) => followUp.label)).toEqual(['page 2', 'page 3']);
  });

  it("follows the Link header's next page under the base URL, and no address outside it", async () => {
    const api = await listApi((url) => {
      const since = Number(url.searchParams.get('since') ?? 0);
      const next = since === 0 ? '</things?since=2>; rel="next"' : since === 2 ? '<https://elsewhere.example/things?since=4>; rel="next"' : undefined;
      return { body: ids(since + 1, 2), headers: { ...(next && { link: `<${'/things'}>; rel="first", ${next}` }) } };
    });
    const result = await runPageWalk(walkCase({ step: { by: 'link' }, items: [], key: 'id' }, {}), check, { baseUrl: api.url });
    expect(api.asked).toEqual(['/things', '/things?since=2']);
    expect(result.findings).toEqual([]);
  });

  it('judges every page by the probe’s other checks, naming the page', async () => {
    const api = await listApi((url) => (url.searchParams.get('page') === '2' ? { status: 500, body: { error: 'boom' } } : paged(5)(url)));
    const result = await runPageWalk(walkCase(pageWalk), check, { baseUrl: api.url });
    expect(api.asked).toHaveLength(2);
    expect(result.findings).toEqual([{ kind: 'not_a_server_error', message: expect.stringMatching(/^page 2: server error 500/) as string }]);
  });

  it('is skipped when the run is cancelled', async () => {
    const api = await listApi(paged(5));
    const controller = new AbortController();
    controller.abort();
    const result = await runPageWalk(walkCase(pageWalk), check, { baseUrl: api.url, signal: controller.signal });
    expect(result).toMatchObject({ outcome: 'skipped', skipReason: 'cancelled' });
  });
});
