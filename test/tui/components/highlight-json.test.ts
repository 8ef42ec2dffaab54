import { describe, expect, it } from 'vitest';
import { highlightJson } from '../../../src/tui/components/highlight-json.js';
import { useColourLevel } from './terminal-output.js';

describe('highlightJson', () => {
  useColourLevel(0);

  it('pretty-prints objects and arrays', () => {
    expect(highlightJson('[1,{"a":"b"}]', 'auto')).toBe('[\n  1,\n  {\n    "a": "b"\n  }\n]');
  });

  it('leaves text that is not an object or array alone unless told it is JSON', () => {
    expect(highlightJson('42', 'auto')).toBeUndefined();
    expect(highlightJson('42', 'json')).toBe('42');
    expect(highlightJson('{not json', 'json')).toBeUndefined();
  });

  it('does not take digits or colons inside strings for tokens', () => {
    expect(highlightJson('{"url":"http://x:80/1"}', 'auto')).toBe('{\n  "url": "http://x:80/1"\n}');
  });
});
