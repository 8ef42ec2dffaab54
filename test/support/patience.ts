/**
 * How long a test waits for something the program will do before it gives up: a ceiling, never a
 * measure. Generous, because a loaded machine is slow and that must not fail a test; below the
 * test timeout (vitest.config.ts), so a wait that gives up says what it waited for.
 */
export const PATIENCE_MS = 20_000;

// The real ones, taken before any test fakes the clock.
const realSetTimeout = globalThis.setTimeout;
const realNow = performance.now.bind(performance);

/**
 * Waits until `check` holds, polling on the real clock whatever a test faked (vi.waitFor would move
 * a fake clock), for at most PATIENCE_MS; then fails naming `what` it waited for.
 */
export async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = realNow() + PATIENCE_MS;
  while (!check()) {
    if (realNow() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, 5));
  }
}
