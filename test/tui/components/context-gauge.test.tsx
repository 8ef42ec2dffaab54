import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/agent/events.js';
import { describeContext, formatWindow, StatusBar, type StatusBarProps } from '../../../src/tui/components/status-bar.js';
import { reduceView } from '../../../src/tui/state/reduce-view.js';
import { initialViewState } from '../../../src/tui/state/view-state.js';
import { stripAnsi } from './terminal-output.js';

const BASE: StatusBarProps = {
  status: 'ready',
  provider: 'openai',
  model: 'gpt-4o-mini',
  environment: 'dev',
  usage: { inputTokens: 2_000, outputTokens: 1_100 },
  toolCalls: 2,
  width: 120,
};

function show(changes: Partial<StatusBarProps>) {
  const { lastFrame, unmount } = render(<StatusBar {...BASE} {...changes} />);
  const text = stripAnsi(lastFrame());
  unmount();
  return text;
}

describe('the context gauge', () => {
  it('names windows as models are named: 8k, 32k, 128k, 1M', () => {
    expect([8192, 32_768, 131_072, 128_000, 200_000, 1_048_576, 16_385, 900].map(formatWindow)).toEqual([
      '8k',
      '32k',
      '128k',
      '128k',
      '200k',
      '1M',
      '16.4k',
      '900',
    ]);
  });

  it('shows a percentage of a window the server or the config gave, and none of an assumed one', () => {
    expect(describeContext({ used: 3100, window: 131_072, percent: 2 })).toBe('context 2% of 128k');
    expect(describeContext({ used: 3100, window: 8192, percent: 38, assumed: true })).toBe('context ? of 8k (assumed)');
  });

  it('keeps the context figure at 60 columns, dropping the counts and the environment first', () => {
    const lines = show({ width: 60, status: 'thinking', spinner: false, context: { used: 3100, window: 8192, percent: 38, assumed: true } }).split('\n');
    expect(lines[0]).toMatch(/^. thinking · openai\/gpt-4o-mini · context \? of 8k \(assumed\)$/);
    expect(lines[1]).toBe('esc interrupt');
    expect(lines.every((line) => line.length <= 60)).toBe(true);
  });

  it('keeps the context figure over the model when the model name is long', () => {
    const text = show({
      width: 60,
      model: 'meta-llama/llama-3.3-70b-instruct:free',
      provider: 'openrouter',
      context: { used: 5000, window: 131_072, percent: 4 },
    });
    expect(text.split('\n')[0]).toBe('● ready · context 4% of 128k');
  });
});

describe('the view state of the gauge', () => {
  const feed = (events: AgentEvent[]) => reduceView(initialViewState(), { type: 'agent', events });

  it('measures against the window a later context_window event brings (a model switch), assumed or not', () => {
    const guessed = feed([{ type: 'usage', inputTokens: 2000, outputTokens: 48, context: { used: 2048, window: 8192, percent: 25, assumed: true } }]);
    expect(guessed.context).toEqual({ used: 2048, window: 8192, percent: 25, assumed: true });
    const known = reduceView(guessed, { type: 'agent', events: [{ type: 'context_window', tokens: 32_768, source: 'server' }] });
    expect(known.context).toEqual({ used: 2048, window: 32_768, percent: 6 });
    const again = reduceView(known, { type: 'agent', events: [{ type: 'context_window', tokens: 8192, source: 'assumed' }] });
    expect(again.context).toEqual({ used: 2048, window: 8192, percent: 25, assumed: true });
  });

  it('keeps the window assumed after a compaction', () => {
    const guessed = feed([{ type: 'usage', inputTokens: 6000, outputTokens: 100, context: { used: 6100, window: 8192, percent: 74, assumed: true } }]);
    const compacted = reduceView(guessed, {
      type: 'agent',
      events: [{ type: 'compaction', reason: 'threshold', method: 'summary', replacedMessages: 6, keptMessages: 2, tokensBefore: 6100, tokensAfter: 1200 }],
    });
    expect(compacted.context).toEqual({ used: 1200, window: 8192, percent: 15, assumed: true });
  });
});
