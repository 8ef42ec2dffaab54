import type { InboxMessage, MessageInbox } from './message-inbox.js';

export interface CollectOptions {
  /** Stop once this many messages matched. */
  count: number;
  /** …or once this long has passed, in ms. */
  withinMs: number;
  signal: AbortSignal;
}

/** Why collecting stopped: enough matched, the time passed, or the server closed the connection. */
export type CollectEnd = 'count' | 'within' | 'closed';

export interface Collected<Judged> {
  judged: Array<InboxMessage & Judged>;
  matched: number;
  end: CollectEnd;
}

/**
 * Judges the inbox's messages in order, those already there first, until `count` matched, `withinMs`
 * passed or the connection closed. A cancellation rejects with the signal's reason.
 */
export function collectMessages<Judged extends { matched: boolean }>(
  inbox: MessageInbox,
  judge: (message: InboxMessage) => Judged,
  options: CollectOptions,
): Promise<Collected<Judged>> {
  options.signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const judged: Array<InboxMessage & Judged> = [];
    let matched = 0;
    let done = false;
    const stop = () => {
      done = true;
      clearTimeout(timer);
      unsubscribe();
      options.signal.removeEventListener('abort', onAbort);
    };
    const finish = (end: CollectEnd) => {
      stop();
      resolve({ judged, matched, end });
    };
    const onAbort = () => {
      stop();
      reject(options.signal.reason as Error);
    };
    const take = () => {
      while (!done && judged.length < inbox.messages.length) {
        const message = inbox.messages[judged.length]!;
        const verdict = { ...message, ...judge(message) };
        judged.push(verdict);
        if (verdict.matched) matched += 1;
        if (matched >= options.count) return finish('count');
      }
      if (!done && inbox.closed) finish('closed');
    };
    const timer = setTimeout(() => finish('within'), options.withinMs);
    const unsubscribe = inbox.onChange(take);
    options.signal.addEventListener('abort', onAbort, { once: true });
    take();
  });
}
