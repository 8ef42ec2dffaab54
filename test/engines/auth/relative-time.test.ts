import { describe, expect, it } from 'vitest';
import { describeRelativeTime, formatUtc } from '../../../src/engines/auth/relative-time.js';

const now = new Date('2025-03-01T12:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('describeRelativeTime', () => {
  it('says how far, in the largest unit that reads well', () => {
    expect(describeRelativeTime(at(0.2), now)).toBe('now');
    expect(describeRelativeTime(at(1), now)).toBe('in 1 second');
    expect(describeRelativeTime(at(45), now)).toBe('in 45 seconds');
    expect(describeRelativeTime(at(14 * 60), now)).toBe('in 14 minutes');
    expect(describeRelativeTime(at(-2 * 3600), now)).toBe('2 hours ago');
    expect(describeRelativeTime(at(-1 * 3600), now)).toBe('60 minutes ago');
    expect(describeRelativeTime(at(3 * 86_400), now)).toBe('in 3 days');
  });

  it('formats a moment in UTC', () => {
    expect(formatUtc(at(14 * 60))).toBe('2025-03-01 12:14:00 UTC');
  });
});
