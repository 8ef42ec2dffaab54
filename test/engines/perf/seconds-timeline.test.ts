import { describe, expect, it } from 'vitest';
import { SecondsTimeline } from '../../../src/engines/perf/seconds-timeline.js';

// HDR histograms keep three significant digits: 4 ms reads back as 4.001.
const rounded = <T extends { p95: number }>(items: T[]): T[] => items.map((item) => ({ ...item, p95: Math.round(item.p95) }));

describe('SecondsTimeline', () => {
  it('counts each second, its failures and its p95, quiet seconds included', () => {
    const timeline = new SecondsTimeline();
    for (let i = 0; i < 100; i++) timeline.record(10 + i, (i < 95 ? 1 : 50) * 1000, false);
    timeline.record(999, undefined, true);
    for (let i = 0; i < 20; i++) timeline.record(2500 + i, 4000, i % 2 === 0);
    expect(rounded(timeline.entries(3000))).toEqual([
      { t: 1, rps: 101, p95: 1, errors: 1 },
      { t: 2, rps: 0, p95: 0, errors: 0 },
      { t: 3, rps: 20, p95: 4, errors: 10 },
    ]);
    expect(rounded([timeline.lastSecond(1500)])[0]).toEqual({ rps: 101, p95: 1 });
    expect(rounded([timeline.lastSecond(3200)])[0]).toEqual({ rps: 20, p95: 4 });
  });

  it('gives the rate so far in the first second', () => {
    const timeline = new SecondsTimeline();
    for (let i = 0; i < 50; i++) timeline.record(i * 5, 2000, false);
    expect(rounded([timeline.lastSecond(250)])[0]).toEqual({ rps: 200, p95: 2 });
  });

  it("merges another thread's seconds: counts add up and p95 is the union's", () => {
    const main = new SecondsTimeline();
    const worker = new SecondsTimeline();
    for (let i = 0; i < 90; i++) main.record(100, 1000, false);
    for (let i = 0; i < 10; i++) worker.record(200, 100_000, true);
    worker.record(1200, 3000, false);
    main.add(worker.tallies());
    expect(rounded(main.entries(2000))).toEqual([
      { t: 1, rps: 100, p95: 100, errors: 10 },
      { t: 2, rps: 1, p95: 3, errors: 0 },
    ]);
  });
});
