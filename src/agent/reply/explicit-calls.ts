// Calls after an explicit `Action:` marker: ours (`ACTION: name({…})`, also bent: `<ACTION: name({…})>`,
// `INPUT: {…}` on the next line) and the shapes models bring from LangChain / Qwen-Agent / LlamaIndex
// ReAct prompts (`Action: name` then `Action Input: {…}`, prose between them, or a plain-text input that
// fills the tool's one required string parameter). The marker makes the intent plain, so the name may be
// one the loop does not know (it then tells the model so), and a marker line that names no tool (nothing
// after it, the arguments right away, what no name starts with) is framing the model must write again.
import { EXPECTED_FORM, noArguments, type ArgsResult, type CallFinder, type CallSite, type FoundCall } from './call-site.js';
import { isKeywordArguments, readKeywordArguments } from './keyword-arguments.js';
import { asArguments, parseArguments } from './parse-arguments.js';
import { readJsonAfter, readParenArguments } from './read-arguments.js';
import type { ReplyTools } from './reply-tools.js';
import { lineEnd, skipSpaces, skipWhitespace } from './text-scan.js';

// Marker (any case, Markdown bold, the name in backticks or quotes or on the next line) + tool name, maybe
// qualified. Markdown escapes the underscores of a name now and then: `read\_file`.
const ACTION = /(?:\*\*)?\baction[ \t]*:(?:\*\*)?[ \t]*(?:\n[ \t]*)?(?:\*\*)?[`"']?((?:[A-Za-z_][\w-]*\.)*[A-Za-z_](?:[\w-]|\\_)*)[`"']?(?:\*\*)?/gi;
// A marker starting its line with no name after it: the arguments right away (`ACTION: {"path": "x"}`),
// nothing at all (the reply ends at the marker), or what no name starts with (`ACTION: 123`).
const NAMELESS_ACTION = /^[ \t]*[<[]?(?:\*\*)?action(?:\*\*)?[ \t]*:(?:\*\*)?[ \t]*(?=\n[ \t]*[{(]|\s*(?![\s\S])|[^\sA-Za-z_"'`*<[])/gim;
const ACTION_INPUT = /[ \t]*(?:\*\*)?(?:action[ \t_]*)?(?:input|arguments|args|parameters)(?:\*\*)?[ \t]*:(?:\*\*)?/iy;
// Where a ReAct step ends: the next step's marker, or a made-up observation (cut short by a stop word: `Observ`).
const STEP_MARKER = /^[ \t]*(?:\*\*)?(?:action|thought|observ\w*|final[ \t]+answer)\b/i;
const INPUT_SEARCH_LINES = 4;
// "Action: None" is how models say they need no tool.
const NOT_A_TOOL = new Set(['none', 'null', 'n/a']);
const SURROUNDING_QUOTES = /^(["'`])([\s\S]*)\1$/;

export const findExplicitCalls: CallFinder = (text, tools) => {
  const sites: CallSite[] = [];
  for (const match of text.matchAll(ACTION)) {
    const name = (match[1] ?? '').replaceAll('\\_', '_');
    if (NOT_A_TOOL.has(name.toLowerCase())) continue;
    const marker = match.index ?? 0;
    const before = text.slice(text.lastIndexOf('\n', marker - 1) + 1, marker);
    const atLineStart = /^[ \t]*[<[]?$/.test(before);
    // `<ACTION: …>` and `[ACTION: …]`: the bracket is part of the call, not of the thought before it.
    const start = atLineStart && /[<[]$/.test(before) ? marker - 1 : marker;
    const after = marker + match[0].length;
    sites.push({ start, read: () => readAction(text, after, name, atLineStart, tools) });
  }
  for (const match of text.matchAll(NAMELESS_ACTION)) {
    sites.push({ start: match.index ?? 0, read: () => namelessAction() });
  }
  return sites;
};

/**
 * `atLineStart`: the name may stand without arguments (the marker starting its line); "Suggested
 * action: run_tests with …" inside a sentence stays prose, and so does a marker followed by a sentence.
 */
function readAction(text: string, after: number, name: string, atLineStart: boolean, tools: ReplyTools): FoundCall | undefined {
  let i = skipSpaces(text, after);
  if (text[i] === ':') i = skipSpaces(text, i + 1);
  if (text[i] === '(') return { name, args: readParenArguments(text, i, name) };
  const json = readJsonAfter(text, i, name);
  if (json) return { name, args: json };

  const restOfLine = text.slice(i, lineEnd(text, i)).trim();
  const input = restOfLine === '' ? actionInputBelow(text, i) : actionInputAt(text, i);
  if (input !== undefined) return { name, args: readActionInput(text, input, name, tools) };
  if (!atLineStart) return undefined;
  if (restOfLine === '') return { name, args: { ok: true, args: {} } };
  return tools.resolve(name) ? { name, args: noArguments(name) } : undefined;
}

function namelessAction(): FoundCall {
  return { args: { ok: false, problem: `the ACTION line names no tool; write ${EXPECTED_FORM}` } };
}

/** Index just past an `Action Input:` marker at `at`, or undefined. */
function actionInputAt(text: string, at: number): number | undefined {
  ACTION_INPUT.lastIndex = at;
  return ACTION_INPUT.test(text) ? ACTION_INPUT.lastIndex : undefined;
}

/** The input marker on one of the next few lines, past prose the model wrote between; not past another step. */
function actionInputBelow(text: string, from: number): number | undefined {
  let lineStart = skipWhitespace(text, from);
  for (let line = 0; line < INPUT_SEARCH_LINES && lineStart < text.length; line++) {
    const found = actionInputAt(text, lineStart);
    if (found !== undefined) return found;
    if (STEP_MARKER.test(text.slice(lineStart, lineEnd(text, lineStart)))) return undefined;
    lineStart = lineEnd(text, lineStart) + 1;
  }
  return undefined;
}

function readActionInput(text: string, from: number, name: string, tools: ReplyTools): ArgsResult {
  const json = readJsonAfter(text, from, name);
  if (json) return json;
  const input = plainInput(text, skipWhitespace(text, from));
  if (input === '') return { ok: true, args: {} };
  if (isKeywordArguments(input)) return readKeywordArguments(input, name);
  const encoded = asArguments(jsonString(input), name);
  if (encoded.ok) return encoded;
  const tool = tools.resolve(name)?.name;
  const parameter = tool === undefined ? undefined : tools.soleStringParameter(tool);
  if (parameter !== undefined) return { ok: true, args: { [parameter]: unquoted(input) } };
  return parseArguments(input, name);
}

/** The input's text: up to the next ReAct step (a made-up Observation), without a wrapping pair of quotes or backticks. */
function plainInput(text: string, start: number): string {
  let end = start;
  while (end < text.length) {
    const next = lineEnd(text, end);
    if (end > start && STEP_MARKER.test(text.slice(end, next))) break;
    end = next + 1;
  }
  return text.slice(start, Math.min(end, text.length)).trim();
}

/** The text a JSON string literal holds (`"{\"path\": \"x\"}"`), or undefined. */
function jsonString(input: string): string | undefined {
  if (!input.startsWith('"')) return undefined;
  try {
    const value: unknown = JSON.parse(input);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function unquoted(input: string): string {
  return SURROUNDING_QUOTES.exec(input)?.[2]?.trim() ?? input;
}
