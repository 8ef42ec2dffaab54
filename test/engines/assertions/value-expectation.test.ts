import { describe, expect, it } from 'vitest';
import { parseExactJson } from '../../../src/engines/assertions/exact-json.js';
import {
  type Expectation,
  checkExpectation,
  expectationProblems,
  expectationSpecProblems,
  toExpectation,
} from '../../../src/engines/assertions/value-expectation.js';

/** The outcome of one operator on a value written as JSON text (so numbers stay exact). */
const check = (json: string, expectation: Expectation) => checkExpectation({ found: true, value: parseExactJson(json) }, expectation);
const passes = (json: string, expectation: Expectation) => check(json, expectation).every((outcome) => outcome.passed);

describe('toExpectation', () => {
  it('reads an object of operators as operators, and anything else as the value expected', () => {
    expect(toExpectation({ gt: 1, lt: 5 })).toEqual({ gt: 1, lt: 5 });
    expect(toExpectation(42)).toEqual({ equals: 42 });
    expect(toExpectation({ name: 'Ada' })).toEqual({ equals: { name: 'Ada' } });
    expect(toExpectation({})).toEqual({ equals: {} });
  });
});

describe('operators', () => {
  it('equals compares JSON deeply, numbers by exact value', () => {
    expect(passes('{"a": [1, {"b": null}]}', { equals: { a: [1, { b: null }] } })).toBe(true);
    expect(passes('1.0', { equals: 1 })).toBe(true);
    expect(passes('"1"', { equals: 1 })).toBe(false);
    expect(passes('12345678901234567890', { equals: '12345678901234567890' })).toBe(true);
    expect(passes('12345678901234567890', { equals: '12345678901234567891' })).toBe(false);
    expect(passes('42', { equals: '42' })).toBe(false);
    expect(check('"Grace"', { equals: 'Ada' })).toEqual([{ passed: false, expected: '"Ada"', actual: '"Grace"' }]);
  });

  it('exists and its absence', () => {
    expect(checkExpectation({ found: true, value: null }, { exists: true })).toEqual([{ passed: true, expected: 'present', actual: 'present (null)' }]);
    expect(checkExpectation({ found: false }, { exists: true })).toEqual([{ passed: false, expected: 'present', actual: 'absent' }]);
    expect(checkExpectation({ found: false }, { exists: false })[0]?.passed).toBe(true);
    expect(checkExpectation({ found: true, value: 3 }, { exists: false })).toEqual([{ passed: false, expected: 'absent', actual: 'present (3)' }]);
  });

  it('type knows every JSON type, integers being numbers too', () => {
    const cases: Array<[string, string]> = [
      ['"x"', 'string'],
      ['1.5', 'number'],
      ['2', 'integer'],
      ['2', 'number'],
      ['2.0', 'integer'],
      ['true', 'boolean'],
      ['[]', 'array'],
      ['{}', 'object'],
      ['null', 'null'],
    ];
    for (const [json, type] of cases) expect(passes(json, { type }), `${json} is ${type}`).toBe(true);
    expect(check('"12"', { type: 'number' })).toEqual([{ passed: false, expected: 'type number', actual: '"12" (string)' }]);
    expect(passes('1.5', { type: 'integer' })).toBe(false);
  });

  it('gt, lt, gte and lte compare numbers exactly, and fail on anything else', () => {
    expect(passes('11', { gt: 10, lt: 12, gte: 11, lte: 11 })).toBe(true);
    expect(check('10', { gt: 10 })).toEqual([{ passed: false, expected: '> 10', actual: '10' }]);
    expect(check('12', { lt: 12 })).toEqual([{ passed: false, expected: '< 12', actual: '12' }]);
    expect(check('9', { gte: 10 })).toEqual([{ passed: false, expected: '≥ 10', actual: '9' }]);
    expect(check('11', { lte: 10 })).toEqual([{ passed: false, expected: '≤ 10', actual: '11' }]);
    expect(passes('12345678901234567891', { gt: '12345678901234567890' })).toBe(true);
    expect(passes('0.1000000000000000055', { gt: 0.1 })).toBe(true);
    expect(check('"12"', { gt: 10 })).toEqual([{ passed: false, expected: '> 10', actual: '"12"' }]);
  });

  it('contains looks in strings, arrays (items or partial objects) and objects (keys or fields)', () => {
    expect(passes('"hello world"', { contains: 'lo w' })).toBe(true);
    expect(passes('[1, 2, 3]', { contains: 2 })).toBe(true);
    expect(passes('[{"id": 1, "name": "Ada"}]', { contains: { name: 'Ada' } })).toBe(true);
    expect(passes('{"id": 1, "name": "Ada"}', { contains: 'name' })).toBe(true);
    expect(passes('{"id": 1, "name": "Ada"}', { contains: { id: 1 } })).toBe(true);
    expect(check('[1, 2]', { contains: 5 })).toEqual([{ passed: false, expected: 'contains 5', actual: '[1,2]' }]);
    expect(passes('42', { contains: 4 })).toBe(false);
  });

  it('length counts characters, items and keys, and takes operators too', () => {
    expect(passes('"añb"', { length: 3 })).toBe(true);
    expect(passes('[1, 2]', { length: 2 })).toBe(true);
    expect(passes('{"a": 1}', { length: 1 })).toBe(true);
    expect(passes('[1, 2]', { length: { gt: 1, lte: 2 } })).toBe(true);
    expect(check('[1, 2]', { length: 3 })).toEqual([{ passed: false, expected: 'length 3', actual: 'length 2: [1,2]' }]);
    expect(check('[]', { length: { gt: 0 } })).toEqual([{ passed: false, expected: 'length > 0', actual: 'length 0: []' }]);
    expect(check('7', { length: 1 })).toEqual([{ passed: false, expected: 'length 1', actual: '7 (integer, which has no length)' }]);
  });

  it('matches tests strings and the digits of numbers, with /pattern/flags too', () => {
    expect(passes('"ada@example.com"', { matches: '^[^@]+@example\\.com$' })).toBe(true);
    expect(passes('"ADA"', { matches: '/^ada$/i' })).toBe(true);
    expect(passes('12345678901234567890', { matches: '^1234567890123456789\\d$' })).toBe(true);
    expect(check('"x"', { matches: '^y' })).toEqual([{ passed: false, expected: 'matches ^y', actual: '"x"' }]);
    expect(passes('true', { matches: 'true' })).toBe(false);
  });

  it('reports "not found" for every operator but exists when the value is missing', () => {
    expect(checkExpectation({ found: false }, { equals: 1, type: 'string' })).toEqual([
      { passed: false, expected: '1', actual: 'not found' },
      { passed: false, expected: 'type string', actual: 'not found' },
    ]);
  });
});

describe('expectationProblems', () => {
  it('names each malformed operator', () => {
    expect(expectationProblems({ exists: 'yes', type: 'float', gt: 'ten', length: -1, matches: '(' })).toEqual([
      '"exists" takes true or false',
      '"type" takes one of string, number, integer, boolean, array, object, null',
      '"gt" takes a number',
      '"length" takes a whole number or an operator object such as {"gt": 0}',
      expect.stringMatching(/^invalid regular expression "\(": .*Unterminated group/),
    ]);
    expect(expectationProblems({ length: { gt: 'x' } })).toEqual(['length: "gt" takes a number']);
    expect(expectationProblems({ equals: 1, gt: 0, contains: 'x' })).toEqual([]);
  });

  it('takes an operator mixed with other keys for a typo', () => {
    expect(expectationSpecProblems({ gt: 1, greater_than: 2 })).toEqual([
      '"greater_than" is not an operator (operators: equals, exists, type, gt, lt, gte, lte, contains, length, matches; to expect an object, write {"equals": {…}})',
    ]);
    expect(expectationSpecProblems({ name: 'Ada', id: 1 })).toEqual([]);
    expect(expectationSpecProblems({ length: { exists: true, gt: 0, foo: 1 } })).toEqual([expect.stringMatching(/^length: "foo" is not an operator/)]);
    expect(check('[]', { length: { exists: true, gt: 0 } })).toEqual([{ passed: false, expected: 'length present and > 0', actual: 'length 0: []' }]);
  });
});
