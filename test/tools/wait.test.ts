import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/tools/support/format-duration.js';
import { validateToolArgs } from '../../src/tools/support/validate-args.js';
import { waitTool } from '../../src/tools/wait.js';
import { toolContext } from './temp-project.js';

describe('wait', () => {
  it('waits and says how long and why', async () => {
    const progress: string[] = [];
    const ctx = { ...toolContext(process.cwd()), progress: (message: string) => progress.push(message) };
    const started = Date.now();
    const output = await waitTool.run({ duration_ms: 120, reason: 'rate limit resets' }, ctx);
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
    expect(output).toMatch(/^Waited \d+ ms \(rate limit resets\)\.$/);
    expect(progress).toEqual(['waiting 120 ms (rate limit resets)']);
    expect(await waitTool.run({ duration_ms: 0 }, ctx)).toMatch(/^Waited \d+ ms\.$/);
  });

  it('stops within 100 ms when the run is cancelled', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    setTimeout(() => {
      abortedAt = Date.now();
      controller.abort();
    }, 30);
    const error = await waitTool.run({ duration_ms: 600_000 }, toolContext(process.cwd(), controller.signal)).catch((e: unknown) => e);
    expect(Date.now() - abortedAt).toBeLessThan(100);
    expect((error as Error).name).toBe('AbortError');
  });

  it('refuses waits longer than 10 minutes, negative or fractional, and unknown keys', () => {
    expect(validateToolArgs(waitTool, { duration_ms: 600_001, why: 'x' })).toEqual({
      ok: false,
      problems: 'duration_ms: at most 600000 (10 minutes); unknown key "why" (known: duration_ms, reason)',
    });
    expect(validateToolArgs(waitTool, { duration_ms: -1 })).toEqual({ ok: false, problems: 'duration_ms: cannot be negative' });
    expect(validateToolArgs(waitTool, { duration_ms: 1.5 })).toEqual({ ok: false, problems: 'duration_ms: expected integer, received 1.5' });
    expect(validateToolArgs(waitTool, {})).toEqual({ ok: false, problems: 'duration_ms: missing (expected number)' });
  });

  it('formats durations as a person reads them', () => {
    expect([850, 2500, 60_000, 200_000, 119_600].map(formatDuration)).toEqual(['850 ms', '2.5 s', '1 min', '3 min 20 s', '2 min']);
  });
});
