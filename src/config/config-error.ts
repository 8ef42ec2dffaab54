/** One thing wrong (or worth a warning) in a config file, located as precisely as the file allows. */
export interface ConfigProblem {
  line?: number;
  column?: number;
  /** The key path as written in the file, e.g. `providers.openai.model` or `fallback[1]`. */
  key?: string;
  message: string;
}

/** `file:line[:column]: key: message`, the form editors and terminals turn into links. */
export function formatConfigProblem(file: string, problem: ConfigProblem): string {
  const place = [file, problem.line, problem.line === undefined ? undefined : problem.column].filter((part) => part !== undefined).join(':');
  return problem.key ? `${place}: ${problem.key}: ${problem.message}` : `${place}: ${problem.message}`;
}

/**
 * A config file the user must fix. Its message is complete on its own — one line per problem —
 * so the CLI prints the message alone, never a stack trace.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    readonly file: string,
    readonly problems: readonly ConfigProblem[],
  ) {
    super(problems.map((problem) => formatConfigProblem(file, problem)).join('\n'));
  }
}

/**
 * An edit asked for (by `falcon config set …` or the wizard) that would leave the file invalid. The
 * file is not written; the message names the key and what is wrong, one line per problem.
 */
export class ConfigEditError extends Error {
  override readonly name = 'ConfigEditError';
}
