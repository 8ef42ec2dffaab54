// A model call whose model writes nothing for too long fails, so a server that took the request and
// went quiet cannot hold a run for ever. Only the model's output counts as life: text and thinking.
// Headers, SSE keep-alive comments, empty deltas and Ollama's empty `done: false` lines do not: a
// stalled model behind a proxy that keeps the connection warm is still stalled. Before the reply
// starts the server may be loading the model or reading a long prompt, so that wait may last longer
// than a gap in a reply under way.
import { callSignal } from './call-signal.js';

/** Node's fetch itself gives up on a server silent this long (undici's headersTimeout and bodyTimeout). */
export const NODE_SILENCE_LIMIT_MS = 300_000;

export interface IdleLimits {
  /** Silence allowed until the first text or thinking; for a reply that is not streamed, all of it. */
  beforeReplyMs: number;
  /** Silence allowed between chunks once the reply has started. */
  betweenChunksMs: number;
}

/** The model wrote nothing for `silentMs`. */
export class IdleTimeoutError extends Error {
  override readonly name = 'IdleTimeoutError';

  constructor(
    readonly silentMs: number,
    readonly replyStarted: boolean,
  ) {
    super(`no output from the model for ${formatSeconds(silentMs)}`);
  }
}

export interface IdleWatch {
  /**
   * The model wrote text or thinking (never call it for an empty delta): the silence starts over,
   * and from the first output on the limit between chunks applies.
   */
  output(): void;
}

/**
 * Runs `call` with a signal of its own that aborts when `parent` does or when the model writes
 * nothing for too long; the call reports the model's output to the watch. A silence throws
 * IdleTimeoutError.
 */
export async function withIdleWatch<T>(parent: AbortSignal, limits: IdleLimits, call: (signal: AbortSignal, watch: IdleWatch) => Promise<T>): Promise<T> {
  const scoped = callSignal(parent);
  let started = false;
  let limitMs = limits.beforeReplyMs;
  const expire = () => scoped.abort(new IdleTimeoutError(limitMs, started));
  let timer = setTimeout(expire, limitMs);
  const watch: IdleWatch = {
    output() {
      if (scoped.signal.aborted) return;
      started = true;
      limitMs = limits.betweenChunksMs;
      clearTimeout(timer);
      timer = setTimeout(expire, limitMs);
    },
  };
  try {
    return await call(scoped.signal, watch);
  } catch (error) {
    const reason: unknown = scoped.signal.reason;
    // Whatever the SDK made of the abort, the silence is what happened.
    if (reason instanceof IdleTimeoutError && !parent.aborted) throw reason;
    throw error;
  } finally {
    clearTimeout(timer);
    scoped.release();
  }
}

/** What a user reads: what stayed silent, for how long, and the setting that decides it. */
export function describeIdleTimeout(error: IdleTimeoutError, provider: string, where: string): string {
  const seconds = formatSeconds(error.silentMs);
  const what = error.replyStarted ? `the reply from ${where} stopped, nothing more for ${seconds}` : `no answer from ${where} for ${seconds}`;
  const advice =
    error.silentMs < NODE_SILENCE_LIMIT_MS ? `check the server, or raise providers.${provider}.config.timeout_s for a slow model` : 'check the server';
  return `${provider}: ${what} — ${advice}`;
}

function formatSeconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
