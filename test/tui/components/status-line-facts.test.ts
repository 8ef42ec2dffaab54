import { describe, expect, it } from 'vitest';
import { fitStatusFacts, STATUS_FACT_PRIORITY, type StatusFact } from '../../../src/tui/components/status-line-facts.js';

const FACTS: StatusFact[] = [
  { kind: 'mode', text: 'yolo mode' },
  { kind: 'model', text: 'openrouter/google/gemini-2.5-flash' },
  { kind: 'environment', text: 'env: staging' },
  { kind: 'context', text: 'context 42% of 128k' },
  { kind: 'tokens', text: '12.3k tokens' },
  { kind: 'toolCalls', text: '4 tool calls' },
];
const ALL = FACTS.map((fact) => fact.text).join(' · ');

describe('fitStatusFacts', () => {
  it('keeps every fact, in its own order, when they fit', () => {
    expect(fitStatusFacts(FACTS, ALL.length)).toEqual(FACTS.map((fact) => fact.text));
  });

  it("names its priority: mode, context, the API's server, model, environment, cost, tokens, tool calls", () => {
    expect(STATUS_FACT_PRIORITY).toEqual(['mode', 'context', 'api', 'model', 'environment', 'cost', 'tokens', 'toolCalls']);
  });

  it('drops the least important fact first, one at a time, as the width shrinks', () => {
    expect(fitStatusFacts(FACTS, ALL.length - 1)).toEqual([
      'yolo mode',
      'openrouter/google/gemini-2.5-flash',
      'env: staging',
      'context 42% of 128k',
      '12.3k tokens',
    ]);
    expect(fitStatusFacts(FACTS, 83)).toEqual(['yolo mode', 'openrouter/google/gemini-2.5-flash', 'env: staging', 'context 42% of 128k']);
    expect(fitStatusFacts(FACTS, 82)).toEqual(['yolo mode', 'openrouter/google/gemini-2.5-flash', 'context 42% of 128k']);
    expect(fitStatusFacts(FACTS, 40)).toEqual(['yolo mode', 'context 42% of 128k']);
    expect(fitStatusFacts(FACTS, 20)).toEqual(['yolo mode']);
  });

  it('keeps the context figure over the model and the counts at 60 columns of a status line', () => {
    const facts: StatusFact[] = [
      { kind: 'model', text: 'openai/gpt-4o-mini' },
      { kind: 'environment', text: 'env: dev' },
      { kind: 'context', text: 'context ? of 8k (assumed)' },
      { kind: 'tokens', text: '3.1k tokens' },
      { kind: 'toolCalls', text: '2 tool calls' },
    ];
    // "● thinking · " leaves 47 of 60 columns.
    expect(fitStatusFacts(facts, 47)).toEqual(['openai/gpt-4o-mini', 'context ? of 8k (assumed)']);
    expect(fitStatusFacts(facts, 30)).toEqual(['context ? of 8k (assumed)']);
  });

  it('cuts the most important fact with … when even it alone does not fit, and shows nothing in no room', () => {
    expect(fitStatusFacts([{ kind: 'context', text: 'context 42% of 128k' }], 10)).toEqual(['context 4…']);
    expect(fitStatusFacts(FACTS, 0)).toEqual([]);
    expect(fitStatusFacts([], 50)).toEqual([]);
  });
});
