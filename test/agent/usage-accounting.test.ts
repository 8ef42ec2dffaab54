import { describe, expect, it } from 'vitest';
import { AgentEvents } from '../../src/agent/agent-events.js';
import type { AgentEvent } from '../../src/agent/events.js';
import { formatCost } from '../../src/agent/usage/usage-totals.js';
import type { PriceOf } from '../../src/llm/pricing/model-price.js';
import { SecretRegistry } from '../../src/safety/secret-registry.js';

const PRICES: PriceOf = (provider, model) => (provider === 'openai' && model === 'gpt-4o-mini' ? { input: 0.15, output: 0.6, cachedInput: 0.075 } : undefined);

function accounting() {
  const recorded: AgentEvent[] = [];
  const events = new AgentEvents({ recordEvent: (event) => recorded.push(event) }, new SecretRegistry(), PRICES);
  return { events, recorded };
}

const call = (inputTokens: number, outputTokens: number, extra: Partial<Extract<AgentEvent, { type: 'usage' }>> = {}): AgentEvent => ({
  type: 'usage',
  inputTokens,
  outputTokens,
  provider: 'openai',
  model: 'gpt-4o-mini',
  ...extra,
});
const inSubagent = (agent: string, event: AgentEvent): AgentEvent => ({ type: 'subagent', agent, profile: agent.split('#')[0]!, event });
const compaction: AgentEvent = {
  type: 'compaction',
  reason: 'threshold',
  method: 'summary',
  replacedMessages: 4,
  keptMessages: 2,
  tokensBefore: 900,
  tokensAfter: 300,
};

describe('the session’s usage accounting', () => {
  it('prices each call as it goes out, cached tokens at the cached price, and records the cost in the session file', () => {
    const { events, recorded } = accounting();
    events.emit(call(10_000, 2_000, { cachedInputTokens: 4_000 }));
    const cost = (6_000 * 0.15 + 4_000 * 0.075 + 2_000 * 0.6) / 1_000_000;
    expect(recorded).toEqual([{ ...call(10_000, 2_000, { cachedInputTokens: 4_000 }), costUsd: cost }]);
    expect(events.usage.total).toEqual({ calls: 1, inputTokens: 10_000, outputTokens: 2_000, cachedInputTokens: 4_000, cacheWriteTokens: 0, costUsd: cost });
  });

  it('gives the session’s own calls, each sub-agent and each compaction a line, all counted in the total', () => {
    const { events, recorded } = accounting();
    events.emit(call(1_000, 100));
    events.emit(inSubagent('scout#1', call(2_000, 200)));
    events.emit(inSubagent('tester#2', inSubagent('scout#3', call(3_000, 300))));
    events.emit(call(500, 50, { purpose: 'compaction' }));
    events.emit(call(400, 40, { purpose: 'compaction' }));
    events.emit(compaction);
    events.emit(call(1_000, 100));
    events.emit(call(600, 60, { purpose: 'compaction' }));
    events.emit(compaction);

    const lines = events.usage.lines.map(({ label, calls, inputTokens, outputTokens }) => [label, calls, inputTokens, outputTokens]);
    expect(lines).toEqual([
      ['session', 2, 2_000, 200],
      ['scout#1', 1, 2_000, 200],
      ['scout#3', 1, 3_000, 300],
      ['compaction 1', 2, 900, 90],
      ['compaction 2', 1, 600, 60],
    ]);
    expect(events.usage.total).toMatchObject({ calls: 7, inputTokens: 8_500, outputTokens: 850 });
    const priced = recorded[2] as Extract<AgentEvent, { type: 'subagent' }>;
    expect(priced.event).toMatchObject({ type: 'subagent', event: { type: 'usage', costUsd: (3_000 * 0.15 + 300 * 0.6) / 1_000_000 } });
  });

  it('counts the calls a resumed session recorded before, as they were priced then', () => {
    const earlier = [{ ...call(1_000, 100), costUsd: 0.25 }, { ...call(500, 50, { purpose: 'compaction' }), costUsd: 0.125 }, compaction];
    const events = new AgentEvents({ recordEvent: () => undefined }, new SecretRegistry(), PRICES, earlier);
    events.emit(call(0, 0));
    expect(events.usage.total).toMatchObject({ calls: 3, inputTokens: 1_500, outputTokens: 150, costUsd: 0.375 });
    expect(events.usage.lines.map((line) => [line.label, line.calls])).toEqual([
      ['session', 2],
      ['compaction 1', 1],
    ]);
  });

  it('says the cost is unknown once a call’s model has no price, never counting it as free', () => {
    const { events, recorded } = accounting();
    events.emit(call(1_000, 100));
    events.emit(inSubagent('scout#1', call(1_000, 100, { provider: 'openrouter', model: 'some/unknown-model' })));
    expect((recorded[1] as Extract<AgentEvent, { type: 'subagent' }>).event).toMatchObject({ costUsd: null });
    expect(events.usage.total.costUsd).toBeNull();
    expect(events.usage.lines.map((line) => [line.label, line.costUsd === null])).toEqual([
      ['session', false],
      ['scout#1', true],
    ]);
  });
});

describe('formatCost', () => {
  it('rounds to cents, says when there is less than a cent, and says unknown', () => {
    expect(formatCost(0.4249)).toBe('$0.42');
    expect(formatCost(12.005)).toBe('$12.01');
    expect(formatCost(0.001)).toBe('<$0.01');
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(null)).toBe('cost unknown');
  });
});
