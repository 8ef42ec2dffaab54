import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../src/agent/events.js';
import { createModelWaitReporter } from '../../src/headless/model-wait-reporter.js';

let lines: string[];
let report: (event: AgentEvent) => void;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  lines = [];
  report = createModelWaitReporter((line) => lines.push(line));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createModelWaitReporter', () => {
  it('says every 15 s how long a model call has sent nothing', () => {
    report({ type: 'turn_start', turn: 1 });
    vi.advanceTimersByTime(14_999);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(31_000);
    expect(lines).toEqual(['… waiting for the model (15 s)', '… waiting for the model (30 s)', '… waiting for the model (45 s)']);
  });

  it('counts again from each delta, and from when a retry is sent', () => {
    report({ type: 'turn_start', turn: 1 });
    vi.advanceTimersByTime(10_000);
    report({ type: 'text_delta', text: 'Thought: ' });
    vi.advanceTimersByTime(10_000);
    expect(lines).toEqual([]);
    report({ type: 'retry', attempt: 1, delayMs: 8000, reason: '503' });
    vi.advanceTimersByTime(22_999);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(lines).toEqual(['… waiting for the model (15 s)']);
  });

  it('stays quiet while tools run and after the run', () => {
    report({ type: 'turn_start', turn: 1 });
    report({ type: 'usage', inputTokens: 10, outputTokens: 5 });
    report({ type: 'tool_call', id: 't', name: 'bash', args: {} });
    vi.advanceTimersByTime(60_000);
    report({ type: 'turn_start', turn: 2 });
    report({ type: 'run_end', reason: 'cancelled', turns: 2, toolCalls: 1 });
    vi.advanceTimersByTime(60_000);
    expect(lines).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
