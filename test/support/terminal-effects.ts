import { expect } from 'vitest';
import { ESCAPE_CORPUS } from '../safety/escape-corpus.js';
import xterm from '@xterm/headless';

export interface TerminalEffects {
  /** Window titles the output set (OSC 0/1/2). */
  titles: string[];
  /** Clipboard writes it asked for (OSC 52). */
  clipboardWrites: number;
}

/** Replays a program's raw output into a terminal emulator and reports what it did to the terminal besides drawing. */
export async function terminalEffectsOf(raw: string): Promise<TerminalEffects> {
  const terminal = new xterm.Terminal({ cols: 100, rows: 40, allowProposedApi: true });
  const effects: TerminalEffects = { titles: [], clipboardWrites: 0 };
  terminal.onTitleChange((title) => effects.titles.push(title));
  terminal.parser.registerOscHandler(52, () => {
    effects.clipboardWrites += 1;
    return true;
  });
  await new Promise<void>((resolve) => terminal.write(raw, resolve));
  terminal.dispose();
  return effects;
}

/**
 * What a program printed in a terminal holds none of the corpus' sequences: no OSC, DCS, APC, PM
 * or SOS introducer, no BEL, no C1 control, no bidi control, and no title set or clipboard written.
 * Falcon's own colours and cursor moves (Ink's redraws, a progress bar) are allowed.
 */
export async function expectTerminalUntouched(raw: string): Promise<void> {
  for (const sample of ESCAPE_CORPUS) expect(raw).not.toContain(sample.text);
  expect(raw).not.toMatch(/[\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069]|\u001b[\]P_^X]/);
  expect(await terminalEffectsOf(raw)).toEqual({ titles: [], clipboardWrites: 0 });
}
