import { describe, expect, it } from 'vitest';
import { describeLeftOut, toolOverLimits } from '../../../src/mcp/client/tool-listing-limits.js';

describe('toolOverLimits', () => {
  it('takes an ordinary tool, and leaves out a long name or a large schema, saying which', () => {
    expect(toolOverLimits({ name: 'add_note', inputSchema: { type: 'object' } })).toBeUndefined();
    expect(toolOverLimits({ name: 'x'.repeat(65), inputSchema: {} })).toBe('its name is 65 characters, more than 64');
    expect(toolOverLimits({ name: 'big', inputSchema: { description: 'd'.repeat(20_000) } })).toBe('its input schema is 20 KB, more than 16 KB');
  });
});

describe('describeLeftOut', () => {
  it('names the first five, counts the rest, and says when the listing went on', () => {
    const leftOut = Array.from({ length: 7 }, (_, index) => ({ name: `t${index}`, reason: 'why' }));
    expect(describeLeftOut(leftOut, true)).toBe(
      'tools left out: t0 (why); t1 (why); t2 (why); t3 (why); t4 (why); 2 more; the rest of its listing, beyond 64 tools or 10 pages',
    );
    expect(describeLeftOut([], false)).toBeUndefined();
  });
});
