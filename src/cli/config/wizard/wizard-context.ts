import type { Env } from '../../../config/falcon-home.js';
import type { Paint } from '../../../config/paint.js';

/** What every step of the wizard shares. */
export interface WizardContext {
  env: Env;
  /** One line of output between the questions. */
  print(line?: string): void;
  paint: Paint;
  /** How long a provider may take to answer; the probes' default when absent. */
  probeTimeoutMs?: number;
}

/** Ctrl-C at a question or while a provider is being asked: nothing was written. */
export class WizardCancelledError extends Error {
  override readonly name = 'WizardCancelledError';

  constructor() {
    super('Cancelled; nothing was changed.');
  }
}

/** Inquirer rejects with ExitPromptError on Ctrl-C; the wizard's callers see one cancellation error. */
export function isPromptExit(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}

/**
 * Runs network work that Ctrl-C must stop. Between questions the terminal is not in raw mode, so
 * Ctrl-C arrives as SIGINT rather than as a key press inquirer would turn into ExitPromptError.
 */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  try {
    const result = await work(controller.signal);
    if (controller.signal.aborted) throw new WizardCancelledError();
    return result;
  } catch (error) {
    if (controller.signal.aborted) throw new WizardCancelledError();
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
  }
}
