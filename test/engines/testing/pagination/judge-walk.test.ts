import { describe, expect, it } from 'vitest';
import type { WalkedPage, WalkedPages } from '../../../../src/engines/testing/checks/check-context.js';
import { walkFindings } from '../../../../src/engines/testing/pagination/judge-walk.js';
import type { PageWalk } from '../../../../src/engines/testing/pagination/page-walk.js';
import { answer } from '../checks/check-context-fixture.js';

const walk: PageWalk = {
  step: { by: 'page', parameter: 'page', first: 1 },
  size: { parameter: 'size', value: 2 },
  items: ['items'],
  key: 'id',
  total: { in: 'body', path: ['meta', 'total'] },
  pageCount: ['meta', 'pages'],
};
const page = (number: number, ids: number[], meta: object = { total: 5, pages: 3 }, extra: Partial<WalkedPage> = {}): WalkedPage => ({
  number,
  response: answer(200, JSON.stringify({ items: ids.map((id) => ({ id, name: `n${id}` })), meta })),
  ...extra,
});
const judged = (pages: WalkedPage[], ended: WalkedPages['ended'] = 'end') => walkFindings(walk, { pages, ended });

describe('a walk of pages, judged', () => {
  it('passes a list walked to its end with an empty page past it, its counts right', () => {
    expect(judged([page(1, [1, 2]), page(2, [3, 4]), page(3, [5]), page(4, [], undefined, { pastEnd: true })])).toEqual([]);
    expect(judged([page(1, [], { total: 0, pages: 0 })])).toEqual([]);
    expect(judged([page(1, [], { total: 0, pages: 1 })])).toEqual([]);
  });

  it('names an item on two pages, and one twice on a page', () => {
    expect(judged([page(1, [1, 2]), page(2, [2, 3]), page(3, [4, 5])], 'end')).toEqual(['page 2 repeats 1 item of page 1: id=2']);
    expect(judged([page(1, [1, 1]), page(2, [2, 3]), page(3, [4, 5])], 'end')).toEqual(['page 1 lists 1 item twice: id=1']);
  });

  it('names a page past the end that repeats items, or still lists new ones', () => {
    const walked = [page(1, [1, 2]), page(2, [3, 4]), page(3, [5])];
    expect(judged([...walked, page(4, [5], undefined, { pastEnd: true })])).toEqual([
      'page 4, past the last page (3), repeats 1 item of page 3: id=5 (expected none)',
    ]);
    expect(judged([...walked, page(4, [6, 7], undefined, { pastEnd: true })])).toEqual([
      'page 4, past the last page (3), still lists 2 items the walk had not seen: id=6, id=7 (expected none)',
    ]);
  });

  it('holds the total and the page count to what a walk to the end saw, and to at least what a shorter walk saw', () => {
    const walked = [page(1, [1, 2], { total: 6, pages: 4 }), page(2, [3, 4]), page(3, [5])];
    expect(judged(walked, 'end')).toEqual([
      'the total says 6 items, but the walk to the last page saw 5 distinct items on 3 pages',
      'the page count says 4 pages, but the walk to the last page saw 5 distinct items on 3 pages',
    ]);
    expect(judged(walked, 'page-limit')).toEqual([]);
    expect(judged([page(1, [1, 2], { total: 1, pages: 3 }), page(2, [3, 4])], 'page-limit')).toEqual([
      'the total says 1 item, but the walk of its first pages saw 4 distinct items on 2 pages',
    ]);
  });

  it('knows items without a key by their whole value, reads a total from a header, and leaves out pages that failed', () => {
    const keyless: PageWalk = { ...walk, key: undefined, total: { in: 'header', name: 'X-Total-Count' }, pageCount: undefined };
    const withTotal = (body: unknown, total: string): WalkedPage['response'] => ({ ...answer(200, JSON.stringify(body)), headers: { 'x-total-count': total } });
    const pages: WalkedPage[] = [
      { number: 1, response: withTotal({ items: [{ name: 'a' }, { name: 'b' }] }, '3') },
      { number: 2, response: withTotal({ items: [{ name: 'b' }, { name: 'c' }] }, '3') },
      { number: 3, response: answer(500, 'boom') },
    ];
    expect(walkFindings(keyless, { pages, ended: 'stopped' })).toEqual(['page 2 repeats 1 item of page 1: {"name":"b"}']);
  });

  it('names at most five items in a message, then how many more', () => {
    const many = Array.from({ length: 8 }, (_, index) => index + 1);
    expect(judged([page(1, many, { total: 8, pages: 2 }), page(2, many)], 'stopped')).toEqual([
      'page 2 repeats 8 items of page 1: id=1, id=2, id=3, id=4, id=5 and 3 more',
    ]);
  });
});
