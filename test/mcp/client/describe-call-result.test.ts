import { describe, expect, it } from 'vitest';
import { describeCallResult } from '../../../src/mcp/client/describe-call-result.js';

describe('describeCallResult', () => {
  it('keeps text, names what a text protocol cannot carry, and falls back to structured content', () => {
    expect(
      describeCallResult({
        content: [
          { type: 'text', text: '3 rows' },
          { type: 'image', mimeType: 'image/png', data: 'A'.repeat(4096) },
          { type: 'resource', resource: { uri: 'file:///a.txt', text: 'hello' } },
          { type: 'resource_link', uri: 'https://x/y', name: 'y' },
        ],
      }),
    ).toBe('3 rows\n\n[image image/png, 3 KB — not shown: only text reaches the model]\n\nfile:///a.txt:\nhello\n\n[link y: https://x/y]');
    expect(describeCallResult({ content: [], structuredContent: { count: 3 } })).toBe('{\n  "count": 3\n}');
    expect(describeCallResult({})).toBe('(the tool returned nothing)');
  });
});
