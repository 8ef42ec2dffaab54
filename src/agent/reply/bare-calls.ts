// A known tool's name starting a line, with its arguments: `read_file({…})`, `read_file(path="x")`
// (Python keywords, Gemma's tool_code `print(…)`, Llama's `[read_file(…)]`), `read_file {…}`, the name
// in backticks or bold, or the name alone with the JSON on the next line. Only known names count: prose
// starts lines with words too.
import type { CallFinder, CallSite, FoundCall } from './call-site.js';
import { readJsonAfter, readParenArguments } from './read-arguments.js';
import { skipSpaces } from './text-scan.js';

const LINE_START_NAME = /^[ \t]*(?:(?:[-*+•]|\d+\.)[ \t]+)?(?:\*\*)?`?(?:print\()?\[?([A-Za-z_][A-Za-z0-9_]*)/gm;

export const findBareCalls: CallFinder = (text, knownTools) => {
  const sites: CallSite[] = [];
  for (const match of text.matchAll(LINE_START_NAME)) {
    const name = match[1] ?? '';
    if (!knownTools.has(name)) continue;
    const after = (match.index ?? 0) + match[0].length;
    sites.push({ start: match.index ?? 0, read: () => readBareCall(text, after, name) });
  }
  return sites;
};

function readBareCall(text: string, after: number, name: string): FoundCall | undefined {
  // The call's "(" must follow the name directly: "read_file (the tool) is handy" is prose.
  if (text[after] === '(') return { name, args: readParenArguments(text, after, name) };
  let i = after;
  while (text[i] === '`' || text[i] === '*') i++;
  i = skipSpaces(text, i);
  if (text[i] === ':') i++;
  const args = readJsonAfter(text, i, name);
  return args && { name, args };
}
