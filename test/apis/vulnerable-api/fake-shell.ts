const MAX_SLEEP_SECONDS = 10;

export type ShellRun = { ok: true; sleepSeconds: number } | { ok: false; error: string };

/**
 * What `sh -c` would make of a command line built by pasting a request value into it: a syntax
 * error for an unterminated quote, else how long the `sleep N` commands it runs take. A command
 * starts after `;`, `|`, `&` or a newline outside quotes, and inside `$( … )` or backticks outside
 * single quotes (those expand within double quotes too).
 */
export function runFakeShell(commandLine: string): ShellRun {
  let quote: "'" | '"' | undefined;
  const starts: number[] = [0];
  for (let index = 0; index < commandLine.length; index += 1) {
    const char = commandLine[index]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === '\\') {
      index += 1;
      continue;
    }
    if (char === '"') quote = quote === '"' ? undefined : '"';
    else if (char === '`' || (char === '$' && commandLine[index + 1] === '(')) starts.push(char === '`' ? index + 1 : index + 2);
    else if (quote === undefined && char === "'") quote = "'";
    else if (quote === undefined && /[;|&\n]/.test(char)) starts.push(index + 1);
  }
  if (quote) return { ok: false, error: `sh: 1: Syntax error: Unterminated quoted string` };
  let seconds = 0;
  for (const start of starts) {
    const sleep = /^\s*sleep\s+(\d+(?:\.\d+)?)/.exec(commandLine.slice(start));
    if (sleep) seconds += Number(sleep[1]);
  }
  return { ok: true, sleepSeconds: Math.min(MAX_SLEEP_SECONDS, seconds) };
}
