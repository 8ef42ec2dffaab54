import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectMessages } from '../../../src/engines/websocket/collect-messages.js';
import { MAX_KEPT_MESSAGES, MessageInbox } from '../../../src/engines/websocket/message-inbox.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const isPrice = (message: { text: string }) => ({ matched: message.text.startsWith('price') });

describe('collectMessages', () => {
  it('ends when `within` passes with fewer matches than the count, keeping what came', async () => {
    const inbox = new MessageInbox();
    inbox.push('hello');
    const collecting = collectMessages(inbox, isPrice, { count: 2, withinMs: 2_000, signal: new AbortController().signal });
    inbox.push('price 1');
    await vi.advanceTimersByTimeAsync(1_999);
    inbox.push('news');
    await vi.advanceTimersByTimeAsync(1);
    const collected = await collecting;
    expect(collected).toMatchObject({ matched: 1, end: 'within' });
    expect(collected.judged.map((message) => [message.text, message.matched])).toEqual([
      ['hello', false],
      ['price 1', true],
      ['news', false],
    ]);
  });

  it('ends at the count, judging messages already in the inbox first', async () => {
    const inbox = new MessageInbox();
    inbox.push('price 1');
    inbox.push('price 2');
    inbox.push('price 3');
    const collected = await collectMessages(inbox, isPrice, { count: 2, withinMs: 2_000, signal: new AbortController().signal });
    expect(collected).toMatchObject({ matched: 2, end: 'count' });
    expect(collected.judged).toHaveLength(2);
  });

  it('rejects with the reason of a cancellation', async () => {
    const inbox = new MessageInbox();
    const controller = new AbortController();
    const collecting = collectMessages(inbox, isPrice, { count: 1, withinMs: 2_000, signal: controller.signal });
    controller.abort(new Error('cancelled'));
    await expect(collecting).rejects.toThrow('cancelled');
  });

  it('keeps at most MAX_KEPT_MESSAGES and counts the rest', () => {
    const inbox = new MessageInbox();
    for (let index = 0; index < MAX_KEPT_MESSAGES + 3; index += 1) inbox.push('x');
    expect(inbox.messages).toHaveLength(MAX_KEPT_MESSAGES);
    expect(inbox.dropped).toBe(3);
  });
});
