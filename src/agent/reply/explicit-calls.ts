// Calls after an explicit `Action:` marker: ours (`ACTION: name({…})`) and the shapes models bring from
// LangChain / Qwen-Agent ReAct prompts (`Action: name` then `Action Input: {…}`). The marker makes the
// intent plain, so the name may be one the loop does not know (it then tells the model so).
import { noArguments, type ArgsResult, type CallFinder, type CallSite, type FoundCall } from './call-site.js';
import { isKeywordArguments, readKeywordArguments } from './keyword-arguments.js';
import { parseArguments } from './parse-arguments.js';
import { readJsonAfter, readParenArguments } from './read-arguments.js';
import { lineEnd, skipSpaces, skipWhitespace } from './text-scan.js';

// Marker (any case, Markdown bold, the name in backticks or on the next line) + tool name.
const ACTION = /(?:\*\*)?\baction[ \t]*:(?:\*\*)?[ \t]*(?:\n[ \t]*)?(?:\*\*)?`?(?:functions\.)?([A-Za-z_][A-Za-z0-9_]*)`?(?:\*\*)?/gi;
const ACTION_INPUT = /(?:\*\*)?action[ \t]*input(?:\*\*)?[ \t]*:(?:\*\*)?/iy;
// "Action: None" is how models say they need no tool.
const NOT_A_TOOL = new Set(['none', 'null']);

export const findExplicitCalls: CallFinder = (text, knownTools) => {
  const sites: CallSite[] = [];
  for (const match of text.matchAll(ACTION)) {
    const name = match[1] ?? '';
    if (NOT_A_TOOL.has(name.toLowerCase())) continue;
    const start = match.index ?? 0;
    const atLineStart = text.slice(text.lastIndexOf('\n', start - 1) + 1, start).trim() === '';
    const after = start + match[0].length;
    sites.push({ start, read: () => readAction(text, after, name, knownTools.has(name) && atLineStart) });
  }
  return sites;
};

/**
 * `nameAlone`: the name may stand without arguments (a known tool, the marker starting its line);
 * "Suggested action: run_tests with …" inside a sentence stays prose.
 */
function readAction(text: string, after: number, name: string, nameAlone: boolean): FoundCall | undefined {
  let i = skipSpaces(text, after);
  if (text[i] === ':') i = skipSpaces(text, i + 1);
  if (text[i] === '(') return { name, args: readParenArguments(text, i, name) };
  const json = readJsonAfter(text, i, name);
  if (json) return { name, args: json };

  const restOfLine = text.slice(i, lineEnd(text, i)).trim();
  const input = actionInputAt(text, restOfLine === '' ? skipWhitespace(text, i) : i);
  if (input !== undefined) return { name, args: readActionInput(text, input, name) };
  if (!nameAlone) return undefined;
  return { name, args: restOfLine === '' ? { ok: true, args: {} } : noArguments(name) };
}

/** Index just past an `Action Input:` marker at `at`, or undefined. */
function actionInputAt(text: string, at: number): number | undefined {
  ACTION_INPUT.lastIndex = at;
  return ACTION_INPUT.test(text) ? ACTION_INPUT.lastIndex : undefined;
}

function readActionInput(text: string, from: number, name: string): ArgsResult {
  const json = readJsonAfter(text, from, name);
  if (json) return json;
  const start = skipSpaces(text, from);
  const line = text.slice(start, lineEnd(text, start)).trim().replace(/^`+|`+$/g, '');
  if (line === '') return { ok: true, args: {} };
  return isKeywordArguments(line) ? readKeywordArguments(line, name) : parseArguments(line, name);
}
