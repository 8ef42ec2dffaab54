// Splits streamed reply text into thinking and visible text as it arrives, for the TUI and the loop.
import { FRAME_TOKENS, LONE_CLOSERS, OPENERS, REASONING_TAGS, findToken, partialTokenLength, type ReasoningTag } from './reasoning-tags.js';

export interface ThinkingStreamHandlers {
  onText(text: string): void;
  onThinking(text: string): void;
  /** A reasoning block closed. */
  onThinkingEnd?(): void;
}

export interface ThinkingStream {
  push(delta: string): void;
  /** Flushes what was held back; a tag still arriving is plain text after all. */
  end(): void;
  /** Whether the text so far ends inside a reasoning block. */
  readonly inThinking: boolean;
}

const OUTSIDE_TOKENS = [...OPENERS, ...LONE_CLOSERS, ...FRAME_TOKENS];

/**
 * Routes text inside `<think>`-like blocks to `onThinking` and the rest to `onText`, never emitting the
 * tags themselves, even when a tag is split across deltas. A lone `</think>` (the chat template opened
 * the block) can only be recognised when it arrives: the text before it has already gone to `onText`
 * and the closer is dropped. `splitThinking` on the whole reply gets that case right, and the final
 * parse is what counts.
 */
export function createThinkingStream(handlers: ThinkingStreamHandlers): ThinkingStream {
  let pending = '';
  let open: ReasoningTag | undefined;
  let previous = '';

  const route = (text: string): void => {
    if (text === '') return;
    previous = text[text.length - 1] ?? '';
    if (open) handlers.onThinking(text);
    else handlers.onText(text);
  };

  const drain = (flush: boolean): void => {
    for (;;) {
      const tokens = open ? [open.close] : OUTSIDE_TOKENS;
      const found = findToken(pending, tokens, 0, previous);
      if (!found) {
        const keep = flush ? 0 : partialTokenLength(pending, tokens);
        route(pending.slice(0, pending.length - keep));
        pending = pending.slice(pending.length - keep);
        return;
      }
      route(pending.slice(0, found.index));
      pending = pending.slice(found.index + found.token.length);
      previous = found.token[found.token.length - 1] ?? '';
      if (open) {
        open = undefined;
        handlers.onThinkingEnd?.();
      } else {
        open = REASONING_TAGS.find((tag) => tag.open === found.token);
      }
    }
  };

  return {
    push(delta) {
      pending += delta;
      drain(false);
    },
    end() {
      drain(true);
    },
    get inThinking() {
      return open !== undefined;
    },
  };
}
