/** The longest sleep a payload gets, so a stray huge number cannot hang a test. */
const MAX_SLEEP_SECONDS = 10;

export type SqlRun = { ok: true; sleepSeconds: number } | { ok: false; error: string };

interface Token {
  kind: 'code' | 'string';
  text: string;
}

/**
 * What a database would make of a statement built by pasting a request value into SQL: an error
 * for an unterminated string literal (as SQLite words it), else how long its SLEEP(n),
 * pg_sleep(n) or WAITFOR DELAY 'h:m:s' calls outside string literals keep it busy. Comments
 * (`--`, `#`, `/*`) end the statement, as an injected `--` does.
 */
export function runFakeSql(statement: string): SqlRun {
  const tokens: Token[] = [];
  let code = '';
  let index = 0;
  while (index < statement.length) {
    const char = statement[index]!;
    if (char === "'") {
      const end = closingQuote(statement, index + 1);
      if (end === -1) return { ok: false, error: `SQLITE_ERROR: unrecognized token: "${statement.slice(index, index + 20)}"` };
      tokens.push({ kind: 'code', text: code }, { kind: 'string', text: statement.slice(index + 1, end).replaceAll("''", "'") });
      code = '';
      index = end + 1;
    } else if (statement.startsWith('--', index) || char === '#' || statement.startsWith('/*', index)) {
      break;
    } else {
      code += char;
      index += 1;
    }
  }
  tokens.push({ kind: 'code', text: code });
  return { ok: true, sleepSeconds: Math.min(MAX_SLEEP_SECONDS, sleepOf(tokens)) };
}

function closingQuote(statement: string, from: number): number {
  for (let index = from; index < statement.length; index += 1) {
    if (statement[index] !== "'") continue;
    if (statement[index + 1] === "'") index += 1;
    else return index;
  }
  return -1;
}

function sleepOf(tokens: Token[]): number {
  let seconds = 0;
  tokens.forEach((token, position) => {
    if (token.kind !== 'code') return;
    for (const match of token.text.matchAll(/\b(?:pg_)?sleep\s*\(\s*(\d+(?:\.\d+)?)\s*\)/gi)) seconds += Number(match[1]);
    const next = tokens[position + 1];
    if (/\bwaitfor\s+delay\s*$/i.test(token.text) && next?.kind === 'string') {
      const parts = /^(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(next.text);
      if (parts) seconds += Number(parts[1]) * 3600 + Number(parts[2]) * 60 + Number(parts[3]);
    }
  });
  return seconds;
}
