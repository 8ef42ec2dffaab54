import { describe, expect, it } from 'vitest';
import { keptTailStart } from '../../../src/agent/compaction/kept-tail.js';
import { toolStepsOf } from '../../../src/agent/compaction/tool-steps.js';
import { formatTranscript } from '../../../src/agent/compaction/transcript.js';
import type { ChatMessage } from '../../../src/llm/chat-message.js';

const user = (content: string): ChatMessage => ({ role: 'user', content });
/** A native reply reading `count` files, and the observations answering it, each `size` characters. */
function nativeExchange(turn: number, count: number, size: number): ChatMessage[] {
  const ids = Array.from({ length: count }, (_, index) => `call_${index}`);
  return [
    { role: 'assistant', content: '', toolCalls: ids.map((id, index) => ({ id, name: 'read_file', arguments: `{"path": "f${turn}-${index}.txt"}` })) },
    ...ids.map((id, index) => ({ role: 'user' as const, content: `Observation: ${index}${'x'.repeat(size)}`, toolCallId: id })),
  ];
}
const estimate = (messages: readonly ChatMessage[]) => messages.reduce((sum, m) => sum + m.content.length, 0);

describe('compaction of native calls', () => {
  it('never keeps an observation without the reply that made its call', () => {
    const history = [user('task'), ...nativeExchange(1, 1, 100), ...nativeExchange(2, 3, 100)];
    const start = keptTailStart(history, 150, estimate);
    expect(history[start]).toMatchObject({ role: 'assistant', toolCalls: expect.any(Array) });
    expect(start).toBe(3);
    expect(keptTailStart(history, 10_000, estimate)).toBe(3);
  });

  it('pairs each call with the observation answering its id, ids made up again in a later reply included', () => {
    const history = [user('task'), ...nativeExchange(1, 2, 3), ...nativeExchange(2, 1, 3)];
    const steps = toolStepsOf(history, new Set(['read_file']));
    expect(steps.map((step) => [step.args, step.observation])).toEqual([
      [{ path: 'f1-0.txt' }, '0xxx'],
      [{ path: 'f1-1.txt' }, '1xxx'],
      [{ path: 'f2-0.txt' }, '0xxx'],
    ]);
  });

  it('shows the calls in the transcript a checkpoint is written from', () => {
    const transcript = formatTranscript(nativeExchange(1, 1, 3), 1000, (text) => text.length);
    expect(transcript).toContain('Falcon: ACTION: read_file({"path": "f1-0.txt"})');
  });
});
