import { createInterface } from 'node:readline/promises';
import { terminalSafeText } from '../../../safety/terminal-text.js';

/** Asks on the terminal; anything but y or yes is no. */
export async function askYesNo(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  prompt.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  try {
    return /^y(es)?$/i.test((await prompt.question(`${terminalSafeText(question)} [y/N] `)).trim());
  } finally {
    prompt.close();
  }
}

/** Whether there is a person to ask: stdin and stderr are a terminal. */
export function canAsk(): boolean {
  return process.stdin.isTTY === true && process.stderr.isTTY === true;
}
