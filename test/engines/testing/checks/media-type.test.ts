import { describe, expect, it } from 'vitest';
import { isJsonMediaType, matchingMediaType, mediaTypeOf } from '../../../../src/engines/testing/checks/media-type.js';

describe('media types', () => {
  it('reads the essence of a content-type', () => {
    expect(mediaTypeOf('Application/JSON; charset=UTF-8')).toBe('application/json');
    expect(mediaTypeOf('  ')).toBeUndefined();
    expect(mediaTypeOf(undefined)).toBeUndefined();
  });

  it('picks the most specific documented media type that covers the actual one', () => {
    expect(matchingMediaType('application/json', ['*/*', 'application/*', 'application/json; charset=utf-8'])).toBe('application/json; charset=utf-8');
    expect(matchingMediaType('application/xml', ['*/*', 'application/*', 'application/json'])).toBe('application/*');
    expect(matchingMediaType('text/html', ['application/*', '*/*'])).toBe('*/*');
    expect(matchingMediaType('text/html', ['application/json', 'text/plain'])).toBeUndefined();
  });

  it('knows JSON by its subtype or +json suffix', () => {
    expect(['application/json', 'application/problem+json', 'text/json; charset=utf-8'].map(isJsonMediaType)).toEqual([true, true, true]);
    expect(['text/plain', 'application/jsonl', '*/*'].map(isJsonMediaType)).toEqual([false, false, false]);
  });
});
