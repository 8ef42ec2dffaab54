import { describe, expect, it } from 'vitest';
import { parseExactJson } from '../../../src/engines/assertions/exact-json.js';
import { type JsonDiffOptions, describeDifference, diffJson } from '../../../src/engines/assertions/json-diff.js';
import { withoutIgnoredFields } from '../../../src/engines/assertions/ignore-fields.js';
import { stringifyExactJson } from '../../../src/engines/assertions/exact-json.js';

const diff = (before: string, after: string, options?: JsonDiffOptions) =>
  diffJson(parseExactJson(before), parseExactJson(after), options).map(describeDifference);

describe('diffJson', () => {
  it('names changed, added and removed values by path', () => {
    expect(diff('{"user": {"name": "Ada", "age": 36}, "n": 1}', '{"user": {"name": "Grace", "email": "g@x.io"}, "n": "1"}')).toEqual([
      '$.user.name: "Ada" → "Grace"',
      '$.user.age: removed (was 36)',
      '$.user.email: added "g@x.io"',
      '$.n: 1 → "1" (integer → string)',
    ]);
    expect(diff('{"a b": [1, 2, 3]}', '{"a b": [1, 5]}')).toEqual(['$["a b"][1]: 2 → 5', '$["a b"][2]: removed (was 3)']);
    expect(diff('{"a": 1.0}', '{"a": 1}')).toEqual([]);
  });

  it('sees a difference in the last digit of a number JavaScript cannot hold', () => {
    expect(diff('{"id": 12345678901234567890}', '{"id": 12345678901234567891}')).toEqual(['$.id: 12345678901234567890 → 12345678901234567891']);
  });

  it('allows an absolute tolerance on numbers, exact for large integers', () => {
    expect(diff('{"price": 9.99, "n": [1]}', '{"price": 10.01, "n": [1.4]}', { tolerance: 0.05 })).toEqual(['$.n[0]: 1 → 1.4']);
    expect(diff('{"price": 9.99}', '{"price": 10.01}', { tolerance: 0.5 })).toEqual([]);
    expect(diff('[12345678901234567890]', '[12345678901234567892]', { tolerance: 1 })).toEqual(['$[0]: 12345678901234567890 → 12345678901234567892']);
    expect(diff('[12345678901234567890]', '[12345678901234567891]', { tolerance: 1 })).toEqual([]);
  });

  it('ignores the order of array items when asked, then compares what is left in order', () => {
    expect(diff('[1, 2, 3]', '[3, 1, 2]')).toHaveLength(3);
    expect(diff('[1, 2, 3]', '[3, 1, 2]', { ignoreOrder: true })).toEqual([]);
    expect(diff('[{"id": 1, "n": "a"}, {"id": 2, "n": "b"}]', '[{"id": 2, "n": "B"}, {"id": 1, "n": "a"}]', { ignoreOrder: true })).toEqual([
      '$[1].n: "b" → "B"',
    ]);
    expect(diff('[1, 2]', '[2, 1, 1]', { ignoreOrder: true })).toEqual(['$[2]: added 1']);
    expect(diff('[1, 1, 2]', '[2, 1]', { ignoreOrder: true })).toEqual(['$[1]: removed (was 1)']);
    expect(diff('{"a": [[1, 2], [3]]}', '{"a": [[3], [2, 1]]}', { ignoreOrder: true })).toEqual([]);
  });
});

describe('withoutIgnoredFields', () => {
  const body = parseExactJson(
    '{"id": 1, "updatedAt": "t1", "user": {"id": 12345678901234567890, "updatedAt": "t2", "name": "Ada"}, "items": [{"id": 5, "keep": true}, {"id": 6}, {"id": 7}]}',
  );
  const strip = (fields: string[]) => stringifyExactJson(withoutIgnoredFields(body, fields));

  it('drops plain names at any depth, and dotted names by their last keys', () => {
    expect(strip(['updatedAt'])).toBe('{"id":1,"user":{"id":12345678901234567890,"name":"Ada"},"items":[{"id":5,"keep":true},{"id":6},{"id":7}]}');
    expect(strip(['user.updatedAt'])).toBe(
      '{"id":1,"updatedAt":"t1","user":{"id":12345678901234567890,"name":"Ada"},"items":[{"id":5,"keep":true},{"id":6},{"id":7}]}',
    );
  });

  it('drops what JSONPaths match, array items included, and leaves the original as it was', () => {
    expect(strip(['$..id'])).toBe('{"updatedAt":"t1","user":{"updatedAt":"t2","name":"Ada"},"items":[{"keep":true},{},{}]}');
    expect(strip(['$.items[0,2]', '$.user'])).toBe('{"id":1,"updatedAt":"t1","items":[{"id":6}]}');
    expect(strip(['$.items[?(@.id > 5)]'])).toBe(
      '{"id":1,"updatedAt":"t1","user":{"id":12345678901234567890,"updatedAt":"t2","name":"Ada"},"items":[{"id":5,"keep":true}]}',
    );
    expect(strip([])).toBe(stringifyExactJson(body));
  });
});
