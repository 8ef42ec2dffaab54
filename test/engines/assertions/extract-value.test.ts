import { describe, expect, it } from 'vitest';
import { ExtractionError, extractValue } from '../../../src/engines/assertions/extract-value.js';
import { JsonPathError } from '../../../src/engines/assertions/json-path.js';
import { TextPatternError } from '../../../src/engines/assertions/text-pattern.js';
import { makeJsonText, makeResponse } from './make-response.js';

const login = makeJsonText(
  '{"user": {"id": 12345678901234567890, "score": 0.1000000000000000055, "ok": true, "tags": ["a", "b"]}, "items": [{"id": 1, "price": 5}, {"id": 2, "price": 15}, {"id": 3, "price": 25}]}',
  {
    headers: { location: '/users/7', 'set-cookie': ['theme=dark; Path=/', 'session="s3cr3t"; HttpOnly'], 'x-multi': ['a', 'b'] },
  },
);

describe('extractValue', () => {
  it('keeps numbers exactly as written, and other JSON values compact', () => {
    expect(extractValue(login, { jsonPath: '$.user.id' })).toEqual({ text: '12345678901234567890', matches: 1 });
    expect(extractValue(login, { jsonPath: '$.user.score' }).text).toBe('0.1000000000000000055');
    expect(extractValue(login, { jsonPath: '$.user.ok' }).text).toBe('true');
    expect(extractValue(login, { jsonPath: '$.user.tags' }).text).toBe('["a","b"]');
    expect(extractValue(login, { jsonPath: 'user.tags[1]' }).text).toBe('b');
  });

  it('keeps one match of a filter as the value, several as a JSON array', () => {
    expect(extractValue(login, { jsonPath: '$.items[?(@.price > 20)].id' })).toEqual({ text: '3', matches: 1 });
    expect(extractValue(login, { jsonPath: '$.items[?(@.price > 10)].id' })).toEqual({ text: '[2,3]', matches: 2 });
  });

  it('reads headers in any case, cookies the response sets, and regex groups', () => {
    expect(extractValue(login, { header: 'Location' }).text).toBe('/users/7');
    expect(extractValue(login, { header: 'x-multi' }).text).toBe('a, b');
    expect(extractValue(login, { cookie: 'session' }).text).toBe('s3cr3t');
    expect(extractValue(login, { cookie: 'theme' }).text).toBe('dark');
    expect(extractValue(login, { regex: '"price": (\\d+)' }).text).toBe('5');
    expect(extractValue(login, { regex: '"score": (?<value>[\\d.]+)' }).text).toBe('0.1000000000000000055');
    expect(extractValue(login, { regex: 'ok' }).text).toBe('ok');
  });

  it('says what is there when the value is not', () => {
    expect(() => extractValue(login, { jsonPath: '$.user.name' })).toThrow(
      new ExtractionError('Nothing at $.user.name in the body (its top-level keys: user, items).'),
    );
    expect(() => extractValue(login, { header: 'etag' })).toThrow(
      /^No header "etag" in the response \(headers: content-type, location, set-cookie, x-multi\)\.$/,
    );
    expect(() => extractValue(login, { cookie: 'token' })).toThrow(new ExtractionError('The response sets no cookie "token" (it sets: theme, session).'));
    expect(() => extractValue(login, { regex: 'nope' })).toThrow(/^The regular expression nope matches nothing in the body/);
    expect(() => extractValue(makeResponse({ body: 'plain' }), { jsonPath: '$.id' })).toThrow(/^Cannot use a JSONPath: the body is not JSON: /);
    expect(() => extractValue(makeResponse({ body: [] }), { jsonPath: '$[0]' })).toThrow(/the body is an array of 0 items/);
  });

  it('refuses invalid JSONPaths and regular expressions', () => {
    expect(() => extractValue(login, { jsonPath: '$.user[' })).toThrow(JsonPathError);
    expect(() => extractValue(login, { regex: '(' })).toThrow(TextPatternError);
  });
});
