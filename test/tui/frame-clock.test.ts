import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyFrame, FRAME_MS } from '../../src/tui/frame-clock.js';

describe('everyFrame', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls every listener on the same tick, so their updates make one frame', () => {
    const calls: string[] = [];
    const stopA = everyFrame(() => calls.push(`a${Date.now()}`));
    vi.advanceTimersByTime(FRAME_MS / 2);
    const stopB = everyFrame(() => calls.push(`b${Date.now()}`));
    vi.advanceTimersByTime(FRAME_MS * 2);
    stopA();
    stopB();
    const [first, second] = [calls.slice(0, 2), calls.slice(2)];
    expect(first.map((call) => call.slice(1))).toEqual([first[0]!.slice(1), first[0]!.slice(1)]);
    expect(second.map((call) => call[0])).toEqual(['a', 'b']);
  });

  it('runs no timer once the last listener stops', () => {
    const listener = vi.fn();
    const stop = everyFrame(listener);
    vi.advanceTimersByTime(FRAME_MS);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(FRAME_MS * 3);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
