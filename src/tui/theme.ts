import chalk, { type ColorSupportLevel, type ForegroundColorName } from 'chalk';

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

/** Colour names for Ink's <Text color> and chalk alike. */
export const palette = {
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
