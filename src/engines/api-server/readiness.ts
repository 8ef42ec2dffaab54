import type { ServerClock } from './server-clock.js';
import type { ServerLog } from './server-log.js';

/** How often readiness and reloads are looked at. */
export const POLL_MS = 100;

/** What "ready" means for this server, its placeholders filled. */
export interface Readiness {
  /** Probed with a GET: `ready.url`, else BASE_URL. Undefined: neither is known. */
  url?: string;
  /** `ready.url` was given: it must answer below 500. BASE_URL: any answer will do. */
  strict: boolean;
  /** `ready.log`: a line holding this text (letter case aside) means ready. */
  log?: string;
}

export type Probe = (url: string, signal?: AbortSignal) => Promise<number | undefined>;

export type ReadyOutcome = 'ready' | 'exited' | 'timeout';

export interface WaitForReadyInput {
  readiness: Readiness;
  log: ServerLog;
  /** Lines from this seq on count for `ready.log`. */
  since: number;
  /** Settles when the process has ended. */
  exited: Promise<unknown>;
  timeoutMs: number;
  clock: ServerClock;
  probe: Probe;
  signal?: AbortSignal;
}

/** Whether a probe of the readiness URL says ready now. */
export async function answersReady(readiness: Readiness, probe: Probe, signal?: AbortSignal): Promise<boolean> {
  if (!readiness.url) return false;
  const status = await probe(readiness.url, signal);
  return status !== undefined && (!readiness.strict || status < 500);
}

export function isReadyLine(readiness: Readiness, text: string): boolean {
  return readiness.log !== undefined && text.toLowerCase().includes(readiness.log.toLowerCase());
}

/** Waits until the server is ready (its ready line printed, or its URL answering), has exited, or the time is up. */
export async function waitForReady(input: WaitForReadyInput): Promise<ReadyOutcome> {
  const { readiness, log, clock } = input;
  let exited = false;
  void input.exited.then(() => (exited = true));
  const deadline = clock.now() + input.timeoutMs;
  const lineSeen = () => log.since(input.since).some((line) => !line.falcon && isReadyLine(readiness, line.text));
  for (;;) {
    input.signal?.throwIfAborted();
    if (readiness.log ? lineSeen() : await answersReady(readiness, input.probe, input.signal)) return 'ready';
    // Its last lines may still be on their way: an exit is told once they are in.
    if (exited) return 'exited';
    if (clock.now() >= deadline) return 'timeout';
    await Promise.race([clock.sleep(POLL_MS, input.signal), input.exited]);
  }
}
