import { describe, expect, it } from 'vitest';
import { parseJsonDocument } from '../../../src/engines/assertions/exact-json.js';
import { JsonPathError, pointerToPath, queryJsonPath } from '../../../src/engines/assertions/json-path.js';
import { checkJsonPath } from '../../../src/engines/assertions/json-path-syntax.js';
import { jsonValueText } from '../../../src/engines/assertions/extract-value.js';

const shop = parseJsonDocument(
  JSON.stringify({
    store: {
      name: 'Corner',
      items: [
        { id: 1, price: 5, tags: ['a'] },
        { id: 2, price: 12 },
        { id: 3, price: 20, tags: [] },
      ],
    },
    'odd key': true,
  }),
);

const values = (path: string, document = shop) => queryJsonPath(document, path).matches.map((match) => match.value);
const texts = (path: string, document = shop) => queryJsonPath(document, path).matches.map((match) => jsonValueText(match.value));

describe('checkJsonPath', () => {
  it('accepts paths with or without $, and gives RFC 9535 filters the parentheses jsonpath-plus needs', () => {
    expect(checkJsonPath('$.store.items[0].id')).toEqual({ path: '$.store.items[0].id', definite: true, expressions: [] });
    expect(checkJsonPath('store.name')).toMatchObject({ path: '$.store.name', definite: true });
    expect(checkJsonPath('[0].id')).toMatchObject({ path: '$[0].id', definite: true });
    expect(checkJsonPath('$..items[?@.price > 10]')).toEqual({ path: '$..items[?(@.price > 10)]', definite: false, expressions: ['@.price > 10'] });
    expect(checkJsonPath('$.a[?(@.b)].c[(@.length-1)]')).toMatchObject({ expressions: ['@.b', '@.length-1'] });
    expect(checkJsonPath("$['odd key']")).toMatchObject({ path: "$['odd key']", definite: true });
    for (const indefinite of ['$.items[*]', '$..id', '$.items[0:2]', '$.items[0,1]', '$.*', '$.items[(@.length-1)]']) {
      expect(checkJsonPath(indefinite).definite, indefinite).toBe(false);
    }
  });

  it('rejects malformed paths that jsonpath-plus would quietly answer', () => {
    const problems: Record<string, RegExp> = {
      '$.items[': /no closing "\]"/,
      '$]': /unexpected "\]"/,
      '$.items.': /it ends with a dot/,
      '$.items[]': /empty brackets/,
      '$.items[?()]': /a filter needs an expression/,
      "$['a','b']": /union of quoted names/,
      '$.items[a b]': /is not an index/,
      '': /empty JSONPath/,
    };
    for (const [path, problem] of Object.entries(problems)) {
      expect(() => checkJsonPath(path), path).toThrow(JsonPathError);
      expect(() => checkJsonPath(path), path).toThrow(problem);
    }
  });
});

describe('queryJsonPath', () => {
  it('evaluates filters, wildcards, slices, negative indexes and recursive descent', () => {
    expect(texts('$..items[?(@.price > 10)].id')).toEqual(['2', '3']);
    expect(texts('$.store.items[?(@.tags && @.tags.length > 0)].id')).toEqual(['1']);
    expect(texts('$.store.items[*].price')).toEqual(['5', '12', '20']);
    expect(texts('$.store.items[-1:].id')).toEqual(['3']);
    expect(queryJsonPath(shop, '$.store.items[-2].id')).toMatchObject({ definite: true, matches: [{ path: '$.store.items[1].id' }] });
    expect(texts('$.store.items[-1].price')).toEqual(['20']);
    expect(texts('$.store.items[-9].price')).toEqual([]);
    expect(texts('$.store.items[0:2].id')).toEqual(['1', '2']);
    expect(texts('$..id')).toEqual(['1', '2', '3']);
    expect(texts('$.store.items.length')).toEqual(['3']);
    expect(values("$['odd key']")).toEqual([true]);
  });

  it('reads arrays at the root and names every match by path', () => {
    const list = parseJsonDocument('[{"id": 7, "name": "Ada"}, {"id": 8, "name": "Grace"}]');
    const result = queryJsonPath(list, "$[?(@.name == 'Grace')].id");
    expect(result.matches.map((match) => [match.path, match.pointer, jsonValueText(match.value)])).toEqual([['$[1].id', '/1/id', '8']]);
    expect(result.definite).toBe(false);
    expect(queryJsonPath(list, '$[0].name')).toEqual({ definite: true, matches: [{ path: '$[0].name', pointer: '/0/name', value: 'Ada' }] });
  });

  it('keeps every digit of numbers JavaScript cannot hold, while filters still compare them', () => {
    const document = parseJsonDocument('{"items": [{"id": 12345678901234567890, "ratio": 0.1000000000000000055}, {"id": 2, "ratio": 1.0}]}');
    expect(texts('$.items[*].id', document)).toEqual(['12345678901234567890', '2']);
    expect(texts('$.items[0].ratio', document)).toEqual(['0.1000000000000000055']);
    expect(texts('$.items[1].ratio', document)).toEqual(['1.0']);
    expect(texts('$.items[?(@.id > 100)].id', document)).toEqual(['12345678901234567890']);
    expect(texts('$.items[0]', document)).toEqual(['{"id":12345678901234567890,"ratio":0.1000000000000000055}']);
  });

  it('finds nothing without failing, and reports filters that cannot run', () => {
    expect(queryJsonPath(shop, '$.store.missing')).toEqual({ matches: [], definite: true });
    expect(() => queryJsonPath(shop, '$.store.items[?(@.price >)]')).toThrow(
      new JsonPathError('invalid JSONPath "$.store.items[?(@.price >)]": the expression "@.price >" cannot be read: Expected expression after >'),
    );
    // jsonpath-plus itself reads a filter only when it meets an item: an empty list must not hide the mistake.
    expect(() => queryJsonPath(parseJsonDocument('{"items": []}'), '$.items[?(@.a ==)]')).toThrow(/cannot be read/);
    expect(() => queryJsonPath(shop, '$.store.items[?(@property == 0 && @parent && @root && @path)]')).not.toThrow();
    expect(() => queryJsonPath(shop, '$.store.items[?(process.exit(1))]')).toThrow(/process is not defined/);
  });

  it('works on a body that is a single value', () => {
    expect(texts('$', parseJsonDocument('42'))).toEqual(['42']);
    expect(values('$.x', parseJsonDocument('"text"'))).toEqual([]);
    for (const falsy of ['null', 'false', '0', '""']) {
      expect(texts('$', parseJsonDocument(falsy)), falsy).toEqual([JSON.parse(falsy) === '' ? '' : falsy]);
      expect(values('$.a', parseJsonDocument(falsy)), falsy).toEqual([]);
    }
  });
});

describe('pointerToPath', () => {
  it('writes names as dots, indexes in brackets and other keys quoted', () => {
    expect(pointerToPath('')).toBe('$');
    expect(pointerToPath('/items/2/price')).toBe('$.items[2].price');
    expect(pointerToPath('/odd key/a~1b/c~0d')).toBe('$["odd key"]["a/b"]["c~d"]');
  });
});
