import { describe, expect, it } from 'vitest';
import { contextBudget } from '../../../src/agent/context/context-budget.js';
import { ContextMeter, contextUsage } from '../../../src/agent/context/context-meter.js';
import { mergeSameRoleMessages } from '../../../src/agent/context/merge-messages.js';
import type { ChatMessage } from '../../../src/llm/chat-message.js';

const prose = (chars: number): ChatMessage[] => [{ role: 'user', content: 'word '.repeat(Math.ceil(chars / 5)).slice(0, chars) }];

describe('ContextMeter', () => {
  it('estimates on the high side before it has heard from a server', () => {
    const meter = new ContextMeter();
    // 12,000 characters of prose are about 3,000 tokens for real tokenizers.
    expect(meter.estimate(prose(12_000))).toBeGreaterThan(3_000);
  });

  it('follows what the server counted, keeping the largest recent correction', () => {
    const meter = new ContextMeter();
    const sent = prose(9_000);
    const raw = meter.estimate(sent);
    meter.calibrate(sent, Math.round(raw * 1.5)); // JSON-heavy: more tokens than estimated
    expect(meter.estimate(sent)).toBe(Math.ceil(raw * 1.5));
    meter.calibrate(sent, Math.round(raw * 0.9));
    expect(meter.estimate(sent)).toBe(Math.ceil(raw * 1.5));
    meter.calibrate(sent, Math.round(raw * 0.9));
    meter.calibrate(sent, Math.round(raw * 0.9));
    expect(meter.estimate(sent)).toBe(Math.ceil(raw * 0.9));
  });

  it('ignores a count far below the estimate (a prompt served from cache, or cut to fit num_ctx)', () => {
    const meter = new ContextMeter();
    const sent = prose(9_000);
    const raw = meter.estimate(sent);
    meter.calibrate(sent, Math.round(raw * 0.1));
    expect(meter.estimate(sent)).toBe(raw);
    meter.calibrate(sent, Math.round(raw * 0.7));
    expect(meter.estimate(sent)).toBe(Math.ceil(raw * 0.75));
  });

  it('reports fullness as used, window and a rounded percent', () => {
    expect(contextUsage(2_048, 8_192)).toEqual({ used: 2_048, window: 8_192, percent: 25 });
    expect(contextUsage(2_048, 8_192, true)).toEqual({ used: 2_048, window: 8_192, percent: 25, assumed: true });
  });
});

describe('contextBudget', () => {
  it('shares an 8k window: room for the reply, compaction before it fills, a checkpoint and a tail that fit', () => {
    const budget = contextBudget(8_192, 4_000, 12_000);
    expect(budget.replyReserve).toBe(1_024);
    expect(budget.requestLimit).toBe(7_168);
    expect(budget.compactAt).toBeGreaterThan(budget.compactTo);
    expect(budget.compactAt).toBeLessThan(budget.requestLimit);
    expect(budget.compactTo).toBeGreaterThan(4_000);
    expect(budget.keepRecent + budget.checkpointTokens + 4_000).toBeLessThan(budget.compactAt);
    expect(budget.observationChars).toBeLessThan(4_000);
  });

  it('gives large windows the configured observation limit and caps what compaction keeps', () => {
    const budget = contextBudget(200_000, 4_000, 12_000);
    expect(budget.observationChars).toBe(12_000);
    expect(budget.keepRecent).toBe(20_000);
    expect(budget.replyReserve).toBe(4_096);
  });
});

describe('mergeSameRoleMessages', () => {
  it('joins turns of one role in a row, as strict chat templates need, and leaves the input alone', () => {
    const input: ChatMessage[] = [
      { role: 'system', content: 's' },
      { role: 'user', content: 'checkpoint' },
      { role: 'user', content: 'question' },
      { role: 'assistant', content: 'a' },
    ];
    expect(mergeSameRoleMessages(input)).toEqual([
      { role: 'system', content: 's' },
      { role: 'user', content: 'checkpoint\n\nquestion' },
      { role: 'assistant', content: 'a' },
    ]);
    expect(input).toHaveLength(4);
  });
});
