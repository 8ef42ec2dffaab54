import { describe, expect, it } from 'vitest';
import { itemKey, nextLink, pageFacts } from '../../../../src/engines/testing/pagination/page-facts.js';
import { answer } from '../checks/check-context-fixture.js';

describe('what a page says', () => {
  it("finds the Link header's next page however the header is written", () => {
    expect(nextLink('<https://api.example/items?page=2>; rel="next", <https://api.example/items?page=9>; rel="last"')).toBe('https://api.example/items?page=2');
    expect(nextLink('</items?page=1>; rel=prev, </items?page=3>; rel=next')).toBe('/items?page=3');
    expect(nextLink('</items?page=3>; title="more"; rel="next last"')).toBe('/items?page=3');
    expect(nextLink('</items?page=1>; rel="first"')).toBeUndefined();
    expect(nextLink(undefined)).toBeUndefined();
  });

  it('reads the items, the counts and the next cursor where the walk looks, from the body or a header', () => {
    const body = { data: [{ id: 1 }, { id: 'b' }, { name: 'no id' }], meta: { total: '12', pages: 4, has_more: true }, next: 'abc' };
    const facts = pageFacts(
      {
        step: { by: 'cursor', parameter: 'cursor', from: { body: ['next'] } },
        items: ['data'],
        key: 'id',
        total: { in: 'body', path: ['meta', 'total'] },
        pageCount: ['meta', 'pages'],
        hasMore: ['meta', 'has_more'],
      },
      answer(200, JSON.stringify(body)),
    );
    expect(facts).toEqual({ items: body.data, keys: ['id=1', 'id="b"', '{"name":"no id"}'], total: 12, pageCount: 4, hasMore: true, next: { cursor: 'abc' } });
    const emptyPage = pageFacts({ step: { by: 'cursor', parameter: 'cursor', from: { body: ['next'] } }, items: [] }, answer(200, JSON.stringify([])));
    expect(emptyPage).toEqual({ items: [], keys: [] });
    const drf = pageFacts(
      { step: { by: 'cursor', parameter: 'cursor', from: { body: ['next'] } }, items: ['results'] },
      answer(200, '{"results":[],"next":"http://x/items?cursor=2"}'),
    );
    expect(drf.next).toEqual({ url: 'http://x/items?cursor=2' });
    const stripe = pageFacts(
      { step: { by: 'cursor', parameter: 'starting_after', from: 'last-item' }, items: ['data'], key: 'id' },
      answer(200, '{"data":[{"id":"ch_1"},{"id":"ch_2"}]}'),
    );
    expect(stripe.next).toEqual({ cursor: 'ch_2' });
    const header = pageFacts(
      { step: { by: 'link' }, items: [], total: { in: 'header', name: 'X-Total-Count' } },
      { ...answer(200, '[]'), headers: { 'X-Total-Count': '3', link: '</x?page=2>; rel="next"' } },
    );
    expect(header).toEqual({ items: [], keys: [], total: 3, next: { url: '/x?page=2' } });
  });

  it('finds no items in what is not a list where the walk looks, nor in a body cut short', () => {
    const walk = { step: { by: 'page' as const, parameter: 'page', first: 1 }, items: ['items'], total: { in: 'body' as const, path: ['total'] } };
    expect(pageFacts(walk, answer(200, '{"items":"none","total":-1}'))).toEqual({ keys: [] });
    expect(pageFacts(walk, answer(200, 'not json'))).toEqual({ keys: [] });
    expect(pageFacts(walk, { ...answer(200, '{"items":[1]}'), bodyTruncated: true })).toEqual({ keys: [] });
  });

  it('knows equal items without a key as one, whatever the order of their properties', () => {
    expect(itemKey({ b: 1, a: { d: 2, c: 3 } }, undefined)).toBe(itemKey({ a: { c: 3, d: 2 }, b: 1 }, undefined));
    expect(itemKey({ id: null, a: 1 }, 'id')).toBe('{"a":1,"id":null}');
  });
});
