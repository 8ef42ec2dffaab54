import { describe, expect, it } from 'vitest';
import { progressText } from '../../../../src/engines/perf/report/progress-text.js';

describe('progressText', () => {
  const progress = { elapsedMs: 1800, remainingMs: 8200, fraction: 0.18, requests: 2_000, rps: 1234, p95: 3.24, errors: 0 };
  it("gives time left, requests so far, the last second's rate and p95, and errors", () => {
    expect(progressText(progress)).toBe('8.2s left · 2,000 requests · 1,234 req/s · p95 3.24 ms · 0 errors');
    expect(progressText({ ...progress, errors: 1 })).toContain('· 1 error');
  });
  it('gives the share sent when the run ends by count', () => {
    expect(progressText({ ...progress, remainingMs: undefined, fraction: 0.456 })).toMatch(/^45% sent · /);
  });
});
