import chalk, { type ColorSupportLevel, type ForegroundColorName } from 'chalk';
import type { ThemeName } from '../config/types.js';

/**
 * The colour level to use: chalk already honours FORCE_COLOR (and wins, as in Node) but ignores
 * NO_COLOR (https://no-color.org), which asks for no colour when set to a non-empty value.
 */
export function colourLevel(env: NodeJS.ProcessEnv, detected: ColorSupportLevel): ColorSupportLevel {
  if (env.FORCE_COLOR !== undefined) return detected;
  return env.NO_COLOR ? 0 : detected;
}

// Ink's <Text color>, marked-terminal and our JSON highlighting all colour through this one chalk
// instance, so setting its level once makes the whole interface plain under NO_COLOR.
chalk.level = colourLevel(process.env, chalk.level);

const DARK_PALETTE = {
  accent: 'cyan',
  success: 'green',
  failure: 'red',
  warning: 'yellow',
  diffAdded: 'green',
  diffRemoved: 'red',
  diffHunk: 'cyan',
  jsonKey: 'cyan',
  jsonString: 'green',
  jsonNumber: 'yellow',
  jsonLiteral: 'magenta',
} as const satisfies Record<string, ForegroundColorName>;

export type Palette = Record<keyof typeof DARK_PALETTE, ForegroundColorName>;

/** Yellow and cyan fade into a light background: blue and magenta read there. */
const LIGHT_PALETTE: Palette = {
  accent: 'blue',
  success: 'green',
  failure: 'red',
  warning: 'magenta',
  diffAdded: 'green',
  diffRemoved: 'red',
  diffHunk: 'blue',
  jsonKey: 'blue',
  jsonString: 'green',
  jsonNumber: 'magenta',
  jsonLiteral: 'red',
};

/** Colour names for Ink's <Text color> and chalk alike: the dark palette until `applyTheme` chooses. */
export const palette: Palette = { ...DARK_PALETTE };

/**
 * The terminal's background as COLORFGBG tells it (`15;0`, `0;default;15`: the last field is the
 * background's ANSI colour): light for white and the bright colours but bright black, else dark;
 * `undefined` when it is not set or names no colour.
 */
export function terminalBackground(env: NodeJS.ProcessEnv): 'dark' | 'light' | undefined {
  const background = Number(env.COLORFGBG?.split(';').at(-1));
  if (!Number.isInteger(background) || background < 0 || background > 15) return undefined;
  return background === 7 || background >= 9 ? 'light' : 'dark';
}

/** `theme:` of the global config as this terminal shows it; `auto` (or none) follows the terminal, else dark. */
export function resolveTheme(theme: ThemeName | undefined, env: NodeJS.ProcessEnv): 'dark' | 'light' {
  if (theme === 'dark' || theme === 'light') return theme;
  return terminalBackground(env) ?? 'dark';
}

/** Sets the palette every component reads; called once, before the session is drawn. */
export function applyTheme(theme: ThemeName | undefined, env: NodeJS.ProcessEnv): void {
  Object.assign(palette, resolveTheme(theme, env) === 'light' ? LIGHT_PALETTE : DARK_PALETTE);
}
