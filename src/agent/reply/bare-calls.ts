// A known tool's name starting a line, with its arguments: `read_file({…})`, `read_file(path="x")`
// (Python keywords, Gemma's tool_code `print(…)`, Gemini's `print(default_api.read_file(…))`, Llama's
// `[read_file(…)]`), `read_file {…}`, `read_file path="x"`, the name in backticks or bold, or the name
// alone with the JSON on the next line. Only known names count: prose starts lines with words too.
import type { CallFinder, CallSite, FoundCall } from './call-site.js';
import { isKeywordArguments, readKeywordArguments } from './keyword-arguments.js';
import { readJsonAfter, readParenArguments } from './read-arguments.js';
import { lineEnd, skipFenceOpener, skipSpaces, skipWhitespace } from './text-scan.js';

const LINE_START_NAME = /^[ \t]*(?:(?:[-*+•]|\d+\.)[ \t]+)?(?:\*\*)?`?(?:print\()?\[?((?:[A-Za-z_]\w*\.)*[A-Za-z_][\w-]*)/gm;
// What a call's parentheses start with, for a name Falcon does not spell that way: arguments, not prose.
const ARGUMENTS_START = /^(?:[{[)]|```|[A-Za-z_]\w*\s*[=:])/;

export const findBareCalls: CallFinder = (text, tools) => {
  const sites: CallSite[] = [];
  for (const match of text.matchAll(LINE_START_NAME)) {
    const name = match[1] ?? '';
    const tool = tools.resolve(name);
    if (!tool) continue;
    const after = (match.index ?? 0) + match[0].length;
    sites.push({ start: match.index ?? 0, read: () => readBareCall(text, after, name, tool.name === name) });
  }
  return sites;
};

/** `exact`: the name is spelled as the tool's own; another spelling (`Read`, `Edit`) must be followed by arguments. */
function readBareCall(text: string, after: number, name: string, exact: boolean): FoundCall | undefined {
  // The call's "(" must follow the name directly: "read_file (the tool) is handy" is prose.
  if (text[after] === '(') {
    if (!exact && !ARGUMENTS_START.test(text.slice(skipFenceOpener(text, skipWhitespace(text, after + 1))))) return undefined;
    return { name, args: readParenArguments(text, after, name) };
  }
  let i = after;
  while (text[i] === '`' || text[i] === '*') i++;
  const keywords = text.slice(i, lineEnd(text, i)).trim();
  if (i > after || text[i] === ' ') {
    // `read_file path="src/app.ts"`: keywords without parentheses.
    if (isKeywordArguments(keywords)) return { name, args: readKeywordArguments(keywords, name) };
  }
  i = skipSpaces(text, i);
  if (text[i] === ':') i++;
  const args = readJsonAfter(text, i, name);
  return args && { name, args };
}
