import { describe, expect, it } from 'vitest';
import { keptTailStart } from '../../../src/agent/compaction/kept-tail.js';
import type { ChatMessage } from '../../../src/llm/chat-message.js';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const call = (n: number): ChatMessage => ({ role: 'assistant', content: `ACTION: echo({"text": "${n}"})` });
const observation = (size: number): ChatMessage => user(`Observation: ${'x'.repeat(size)}`);
/** One token a character, so sizes read directly. */
const estimate = (messages: readonly ChatMessage[]) => messages.reduce((sum, m) => sum + m.content.length, 0);

describe('keptTailStart', () => {
  it('keeps the recent messages that fit, starting on a call rather than on its observation', () => {
    const history = [user('task'), call(1), observation(100), call(2), observation(100), call(3), observation(100)];
    const start = keptTailStart(history, 150, estimate);
    expect(history[start]!.role).toBe('assistant');
    expect(start).toBe(5);
  });

  it('never separates a call from its observation even when the pair is larger than the room', () => {
    const history = [user('task'), call(1), observation(50), call(2), observation(5_000)];
    expect(keptTailStart(history, 100, estimate)).toBe(3);
  });

  it('keeps the last exchange and replaces the rest when everything would fit', () => {
    const history = [user('task'), call(1), observation(10), call(2), observation(10)];
    expect(keptTailStart(history, 10_000, estimate)).toBe(3);
  });

  it('has nothing to replace in a history of one exchange', () => {
    expect(keptTailStart([call(1), observation(10)], 5, estimate)).toBe(0);
    expect(keptTailStart([user('only')], 5, estimate)).toBe(0);
  });
});
