import { describe, expect, it } from 'vitest';
import { JsonTooDeepError, jsonTextDepth, refuseDeepJson } from '../../../src/engines/http/json-nesting.js';

describe('jsonTextDepth', () => {
  it('counts the objects and arrays open at once', () => {
    expect(jsonTextDepth('1')).toBe(0);
    expect(jsonTextDepth('{"a": [1, {"b": []}], "c": {}}')).toBe(4);
    expect(jsonTextDepth(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBe(100_000);
  });

  it('does not count brackets in strings, escaped quotes included', () => {
    expect(jsonTextDepth('{"a": "[[[{{{", "b": "say \\"[[[\\" twice \\\\", "c": [1]}')).toBe(2);
  });

  it('refuses text deeper than the limit, naming both numbers', () => {
    expect(() => refuseDeepJson(`{"a": ${'['.repeat(256)}${']'.repeat(256)}}`)).toThrow(new JsonTooDeepError(257));
    expect(new JsonTooDeepError(10_001).message).toBe('JSON nested 10,001 levels deep; Falcon reads JSON up to 256 levels');
    expect(() => refuseDeepJson(`${'['.repeat(256)}${']'.repeat(256)}`)).not.toThrow();
  });
});
