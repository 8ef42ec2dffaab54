import { AsyncLocalStorage } from 'node:async_hooks';
import type { HttpFailure } from './http-request-error.js';
import type { ServerLogExcerpt } from './server-log-excerpt.js';

/** A request the watch is about: the headers it adds, and what it says once the answer (or none) is in. */
export interface WatchedRequest {
  /** Added to the request: its id. */
  headers: Record<string, string>;
  /** Said with the answer, whatever it is: the server may still run the old code, … */
  notes: string[];
  /** After an answer of 500 or more, or none: what the server printed about it. */
  end(outcome: { status?: number; failure?: HttpFailure }, signal?: AbortSignal): Promise<ServerLogExcerpt | undefined>;
  /** The connection was refused: resolves true once something answers there again (it was started), and the request may go once more. */
  refused(signal?: AbortSignal): Promise<boolean>;
}

/** Looks after the requests sent to the API whose server Falcon knows (`engines/api-server/`). */
export interface RequestWatch {
  /** Undefined when the request does not go to that API. May wait first: for a reload after a change. */
  begin(request: { method: string; url: URL; headers: Readonly<Record<string, string>> }, signal?: AbortSignal): Promise<WatchedRequest | undefined>;
}

const current = new AsyncLocalStorage<RequestWatch>();

/**
 * Runs `work` with every request it sends (`sendRequest`, however deep) looked after by `watch`: a
 * tool call in a session, a `--serve` run.
 */
export function withRequestWatch<T>(watch: RequestWatch | undefined, work: () => Promise<T>): Promise<T> {
  return watch ? current.run(watch, work) : work();
}

export function currentRequestWatch(): RequestWatch | undefined {
  return current.getStore();
}
