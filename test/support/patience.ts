/**
 * How long a test waits for something the program will do before it gives up: a ceiling, never a
 * measure. Generous, because a loaded machine is slow and that must not fail a test; below the
 * test timeout (vitest.config.ts), so a wait that gives up says what it waited for.
 */
export const PATIENCE_MS = 20_000;
