import { describe, expect, it } from 'vitest';
import { ScanPace } from '../../../../src/capabilities/scan/engine/scan-pace.js';

describe('ScanPace: each operation at its rate, the whole API at the maximum rate', () => {
  it('spaces the requests to one operation by its rate', () => {
    const pace = new ScanPace(20, 100);
    expect([0, 0, 0].map(() => pace.take('GET /users', 0))).toEqual([0, 50, 100]);
  });

  it("lets another operation go in a slot one operation's wait leaves free, never two closer than the maximum rate allows", () => {
    const pace = new ScanPace(20, 100);
    expect(pace.take('GET /users', 0)).toBe(0);
    expect(pace.take('GET /users', 0)).toBe(50);
    expect(pace.take('GET /orders', 0)).toBe(10);
    expect(pace.take('GET /items', 0)).toBe(20);
    expect(pace.take('GET /orders', 0)).toBe(60);
    expect(pace.take('GET /tags', 45)).toBe(70);
  });

  it('holds the whole API to the maximum rate however many operations ask at once', () => {
    const pace = new ScanPace(20, 100);
    const slots = Array.from({ length: 200 }, (_, index) => pace.take(`GET /op${index % 40}`, 0));
    const perSecond = new Map<number, number>();
    for (const slot of slots) perSecond.set(Math.floor(slot / 1000), (perSecond.get(Math.floor(slot / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(100);
    const sorted = [...slots].sort((a, b) => a - b);
    for (let index = 1; index < sorted.length; index++) expect(sorted[index]! - sorted[index - 1]!).toBeGreaterThanOrEqual(10);
  });

  it('sends at once what no slot holds back: a request after a quiet spell', () => {
    const pace = new ScanPace(20, 100);
    pace.take('GET /users', 0);
    expect(pace.take('GET /users', 5000)).toBe(5000);
  });
});
