import { styleFor } from '../../kit/command/terminal-style.js';
import type { Paint } from '../../config/paint.js';

/** Lines for the user on stdout. */
export function say(line = ''): void {
  process.stdout.write(`${line}\n`);
}

export function warn(warnings: readonly string[]): void {
  const paint = styleFor(process.stderr);
  for (const warning of warnings) process.stderr.write(`${paint('yellow', 'warning:')} ${warning}\n`);
}

/** Colours for stdout, or none (NO_COLOR, a pipe). */
export function stdoutPaint(): Paint {
  return styleFor(process.stdout);
}
