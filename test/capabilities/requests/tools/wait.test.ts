import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDuration } from '../../../../src/engines/testing/report/report-text.js';
import { validateToolArgs } from '../../../../src/kit/tool/validate-args.js';
import { waitTool } from '../../../../src/capabilities/requests/tools/wait.js';
import { toolContext } from '../../../tools/temp-project.js';

describe('wait', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits and says how long and why', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const progress: string[] = [];
    const ctx = { ...toolContext(process.cwd()), progress: (message: string) => progress.push(message) };
    let output: string | undefined;
    const waiting = waitTool.run({ duration_ms: 120, reason: 'rate limit resets' }, ctx).then((text) => (output = text));
    await vi.advanceTimersByTimeAsync(119);
    expect(output).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(output).toBe('Waited 120 ms (rate limit resets).');
    expect(progress).toEqual(['waiting 120 ms (rate limit resets)']);
    const none = waitTool.run({ duration_ms: 0 }, ctx);
    await vi.advanceTimersByTimeAsync(0);
    expect(await none).toBe('Waited 0 ms.');
  });

  it('stops at once when the run is cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const controller = new AbortController();
    const outcome = waitTool.run({ duration_ms: 600_000 }, toolContext(process.cwd(), controller.signal)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30);
    controller.abort();
    // The clock stands at 30 ms: the abort, not the end of the wait, settled it.
    expect(((await outcome) as Error).name).toBe('AbortError');
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
