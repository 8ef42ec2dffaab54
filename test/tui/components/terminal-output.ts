import { stripVTControlCharacters } from 'node:util';
import chalk, { type ColorSupportLevel } from 'chalk';
import { afterEach, beforeEach } from 'vitest';

export const stripAnsi = (text: string | undefined) => stripVTControlCharacters(text ?? '');

export const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** The real one, taken before any test fakes the timers. */
const nextTurn = globalThis.setImmediate;

/**
 * Waits until `check` passes. React draws a state change a few event-loop turns after what caused
 * it: this counts turns, not time, so a busy machine only makes them slower; and it never moves a
 * fake clock (vi.waitFor would).
 */
export async function untilDrawn(check: () => void, turns = 1000): Promise<void> {
  for (let turn = 0; ; turn++) {
    try {
      check();
      return;
    } catch (error) {
      if (turn >= turns) throw error;
    }
    await new Promise((resolve) => nextTurn(resolve));
  }
}

export const RED = '\u001b[31m';
export const GREEN = '\u001b[32m';
export const YELLOW = '\u001b[33m';
export const CYAN = '\u001b[36m';
export const BOLD = '\u001b[1m';
export const DIM = '\u001b[2m';

/**
 * Runs each test of the file at a colour level. FORCE_COLOR is read once, when chalk loads; Ink,
 * marked-terminal and the components share that chalk, so its level is what FORCE_COLOR would set.
 */
export function useColourLevel(level: ColorSupportLevel): void {
  let previous: ColorSupportLevel = chalk.level;
  beforeEach(() => {
    previous = chalk.level;
    chalk.level = level;
  });
  afterEach(() => {
    chalk.level = previous;
  });
}

/** Lets `count` event-loop turns pass: whatever React had scheduled (effects, frames) has run, on any clock. */
export async function afterTurns(count = 50): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => nextTurn(resolve));
}
