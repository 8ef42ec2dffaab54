import type { EmitEvent } from '../events.js';
import type { ConfirmationRequest } from '../approval/tool-call-deps.js';

/**
 * Sub-agents ask the user through the session's own confirmation, one at a time: the front ends show
 * one confirmation at a time, and sub-agents running in parallel may ask together.
 */
export class ConfirmationQueue {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    /** The session's confirmation: resolves with the user's answer to a request it was given. */
    private readonly confirm: (request: ConfirmationRequest) => Promise<boolean>,
    /** The session's own events: the request is announced there, as the session's. */
    private readonly emit: EmitEvent,
  ) {}

  /** Resolves with the answer once the requests before it are answered; rejects when `signal` aborts first. */
  ask(request: ConfirmationRequest, signal: AbortSignal): Promise<boolean> {
    const turn = this.tail.then(() => this.askNow(request, signal));
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async askNow(request: ConfirmationRequest, signal: AbortSignal): Promise<boolean> {
    signal.throwIfAborted();
    // Asked before it is announced, so that a front end answering inside the event is not missed.
    const answer = this.confirm(request);
    this.emit({ type: 'confirmation_required', ...request });
    let approved = false;
    try {
      approved = await untilAborted(answer, signal);
      return approved;
    } finally {
      this.emit({ type: 'confirmation_resolved', id: request.id, approved });
    }
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
