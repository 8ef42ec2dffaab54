// One AbortSignal per model call, following the caller's. The SDKs leave listeners on the signal they
// are handed: the openai SDK adds one per request to the caller's signal and removes it only if it fires
// (openai/openai-node#1811), and Node's fetch removes its own only when the request is garbage-collected.
// Handed a run's signal directly, ten model calls made it warn "11 abort listeners added to
// [AbortSignal]". A signal of the call's own takes their listeners with it; the caller's signal holds
// one listener while the call runs and none after.

export interface CallSignal {
  signal: AbortSignal;
  /** Stops the call for a reason of the callee's own (the caller's signal is left alone). */
  abort(reason: unknown): void;
  /** Unhooks from the caller's signal and stops the deadline; call it however the call ended. */
  release(): void;
}

/** A signal that aborts when `parent` does, or after `timeoutMs`. */
export function callSignal(parent?: AbortSignal, timeoutMs?: number): CallSignal {
  const controller = new AbortController();
  const follow = () => controller.abort(parent?.reason);
  if (parent?.aborted) follow();
  else parent?.addEventListener('abort', follow, { once: true });
  const timer =
    timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(new DOMException('The call took too long', 'TimeoutError')), timeoutMs).unref();
  return {
    signal: controller.signal,
    abort: (reason) => controller.abort(reason),
    release() {
      parent?.removeEventListener('abort', follow);
      clearTimeout(timer);
    },
  };
}

/** Runs `call` with a signal of its own, released when the returned promise settles. */
export async function withCallSignal<T>(parent: AbortSignal | undefined, call: (signal: AbortSignal) => Promise<T>, timeoutMs?: number): Promise<T> {
  const scoped = callSignal(parent, timeoutMs);
  try {
    return await call(scoped.signal);
  } finally {
    scoped.release();
  }
}
