import { closeSync } from 'node:fs';
import { constants } from 'node:os';
import { isatty } from 'node:tty';

/** Ctrl-C, `kill`, and a closed terminal (`tmux kill-session`, a closed window). */
export const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type EndingSignal = (typeof ENDING_SIGNALS)[number];

/** How long an orderly end (cancel the run, stop its command's processes, save) may take. */
const ORDERLY_END_MS = 5000;

/** As shells report a death by signal: 128 + its number (SIGHUP 129, SIGINT 130, SIGTERM 143). */
export function exitCodeForSignal(signal: EndingSignal): number {
  return 128 + constants.signals[signal];
}

/**
 * Handles `signals` instead of dying at once, so that the run ends in order: `onSignal` is called on
 * the first one and should cancel the run (which stops the running command and every process it
 * started). A second signal, or an orderly end that takes too long, exits at once; the exit handler
 * of the running commands kills what is left. Returns a function that removes the handlers.
 */
export function handleEndingSignals(signals: readonly EndingSignal[], onSignal: (signal: EndingSignal) => void): () => void {
  const terminal = [0, 1, 2].filter((fd) => isatty(fd));
  let first: EndingSignal | undefined;
  const handler = (signal: EndingSignal) => {
    // A hang-up reaches a session leader twice (as leader and as the foreground group): one event.
    if (signal === 'SIGHUP' && first === 'SIGHUP') return;
    if (signal === 'SIGHUP') process.once('exit', () => forgetTerminal(terminal));
    process.exitCode = exitCodeForSignal(signal);
    if (first) process.exit();
    first = signal;
    setTimeout(() => process.exit(), ORDERLY_END_MS).unref();
    onSignal(signal);
  };
  for (const signal of signals) process.on(signal, handler);
  return () => {
    for (const signal of signals) process.off(signal, handler);
  };
}

/**
 * Node 20 aborts on exit when it cannot restore a terminal's settings (nodejs/node#51519, fixed in
 * later versions). After a hang-up there is no terminal left to restore: let go of it first.
 */
function forgetTerminal(fds: number[]): void {
  for (const fd of fds) {
    try {
      closeSync(fd);
    } catch {
      // Already closed.
    }
  }
}
