import { describe, expect, it } from 'vitest';
import { compactTimeline, rowSeconds } from '../../../../src/engines/perf/report/compact-timeline.js';

const seconds = (count: number) => Array.from({ length: count }, (_, index) => ({ t: index + 1, rps: index + 1, p95: (index * 7) % 11, errors: 1 }));

describe('compactTimeline', () => {
  it('keeps up to 60 seconds as they are', () => {
    const { rows, secondsPerRow } = compactTimeline(seconds(60));
    expect(secondsPerRow).toBe(1);
    expect(rows).toHaveLength(60);
    expect(rows[59]).toEqual({ first: 60, last: 60, rps: 60, p95: (59 * 7) % 11, errors: 1 });
    expect(rowSeconds(rows[59]!)).toBe('60');
  });

  it('groups longer runs evenly: mean req/s, worst p95, errors added up', () => {
    const { rows, secondsPerRow } = compactTimeline(seconds(61));
    expect(secondsPerRow).toBe(2);
    expect(rows).toHaveLength(31);
    expect(rows[0]).toEqual({ first: 1, last: 2, rps: 1.5, p95: 7, errors: 2 });
    expect(rowSeconds(rows[0]!)).toBe('1–2');
    // The last group holds what is left.
    expect(rows[30]).toEqual({ first: 61, last: 61, rps: 61, p95: (60 * 7) % 11, errors: 1 });
  });

  it('never gives more rows than asked for', () => {
    for (const length of [61, 119, 120, 121, 1800, 3601]) expect(compactTimeline(seconds(length)).rows.length).toBeLessThanOrEqual(60);
  });
});
