// Calls written as XML: MiniMax's (and Anthropic's older) `<invoke name="tool"><parameter name="key">…`,
// the coding agents' tag named after the tool (Cline, Roo Code: `<read_file><path>…</path></read_file>`,
// or JSON inside such a tag), and LangChain's XML agent `<tool>name</tool><tool_input>…</tool_input>`
// (also `<function-name>` / `<arguments>`).
import { EXPECTED_FORM, type ArgsResult, type CallFinder, type CallSite, type FoundCall } from './call-site.js';
import { childTags, namedParameters } from './parameter-tags.js';
import { parseArguments } from './parse-arguments.js';
import type { ReplyTools } from './reply-tools.js';
import { SUGGESTED_FOR } from './other-agents-tools.js';
import { normalizedToolName } from './tool-names.js';
import { skipBlank } from './text-scan.js';

const INVOKE = /<invoke\s+name\s*=\s*["']([^"']+)["']\s*>/g;
// Its own regex: matchAll starts from a shared regex's lastIndex, so INVOKE is never exec'd.
const INVOKE_AT = new RegExp(INVOKE.source, 'y');
const OPENING_TAG = /<([A-Za-z_][\w-]*)>/g;
const LINE_START = /^[ \t]*$/;
const NAME_TAG = /<(tool|tool_name|function-name|function_name)>\s*([^<\n]*?)\s*<\/\1>/g;
const INPUT_TAG = /<(tool_input|arguments|parameters|args|input)>/y;
// Tags that other readers own, or that only wrap a call.
const NOT_TOOL_TAGS = new Set(['tool_call', 'function_calls', 'invoke', 'parameter', 'think', 'thinking', 'result']);

/** `<invoke name="read_file">…</invoke>`, inside `<minimax:tool_call>` / `<function_calls>` or on its own. */
export const findInvokeCalls: CallFinder = (text) =>
  [...text.matchAll(INVOKE)].map((match) => ({ start: match.index ?? 0, read: () => readInvoke(text, match) }));

/** The invoke at `at` (its opening tag), read; undefined when there is none. */
export function readInvokeAt(text: string, at: number): FoundCall | undefined {
  INVOKE_AT.lastIndex = at;
  const match = INVOKE_AT.exec(text);
  return match ? readInvoke(text, match) : undefined;
}

function readInvoke(text: string, match: RegExpExecArray): FoundCall {
  const after = (match.index ?? 0) + match[0].length;
  const close = text.indexOf('</invoke>', after);
  return { name: match[1] ?? '', args: { ok: true, args: namedParameters(text.slice(after, close < 0 ? text.length : close)) } };
}

/** A tag named after a tool, or after another agent's tool Falcon suggests a stand-in for. */
export const findToolTagCalls: CallFinder = (text, tools) => {
  const sites: CallSite[] = [];
  for (const match of text.matchAll(OPENING_TAG)) {
    const name = match[1] ?? '';
    const start = match.index ?? 0;
    // The agents write the tag at the start of a line; `the <edit> button` is prose.
    if (NOT_TOOL_TAGS.has(name.toLowerCase()) || !LINE_START.test(text.slice(text.lastIndexOf('\n', start - 1) + 1, start))) continue;
    const tool = tools.resolve(name);
    // Another agent's tool Falcon has no such name for, as Cline writes it (`replace_in_file`); not `<search>`.
    if (!tool && !(name.includes('_') && SUGGESTED_FOR[normalizedToolName(name)])) continue;
    const after = start + match[0].length;
    sites.push({ start, read: () => readToolTag(text, after, name, tool?.name === name, tools) });
  }
  return sites;
};

/** `ownName`: the tag is the tool's own name; another spelling (`<edit>`) counts only around parameters. */
function readToolTag(text: string, after: number, name: string, ownName: boolean, tools: ReplyTools): FoundCall | undefined {
  const close = text.indexOf(`</${name}>`, after);
  const body = text.slice(after, close < 0 ? text.length : close).trim();
  if (!ownName && !body.startsWith('{') && !childTags(body)) return undefined;
  return { name, args: tagBodyArguments(body, name, `<${name}>`, tools) };
}

/** `<tool>name</tool>` and the input tag after it (LangChain stops the model at `</tool_input>`, so it may be missing). */
export const findNameTagCalls: CallFinder = (text, tools) =>
  [...text.matchAll(NAME_TAG)].map((match) => ({
    start: match.index ?? 0,
    read: () => readNameTag(text, (match.index ?? 0) + match[0].length, match[2] ?? '', tools),
  }));

function readNameTag(text: string, after: number, name: string, tools: ReplyTools): FoundCall {
  if (name === '') return { args: { ok: false, problem: `the <tool> tag is empty; write ${EXPECTED_FORM}` } };
  INPUT_TAG.lastIndex = skipBlank(text, after);
  const input = INPUT_TAG.exec(text);
  if (!input) return { name, args: { ok: true, args: {} } };
  const from = INPUT_TAG.lastIndex;
  const close = text.indexOf(`</${input[1]}>`, from);
  return { name, args: tagBodyArguments(text.slice(from, close < 0 ? text.length : close).trim(), name, `<${input[1]}>`, tools) };
}

/** A tag's content as arguments: a JSON object, `<key>value</key>` children, or text for the tool's one string parameter. */
function tagBodyArguments(body: string, name: string, tag: string, tools: ReplyTools): ArgsResult {
  if (body === '') return { ok: true, args: {} };
  if (body.startsWith('{')) return parseArguments(body, name);
  const children = childTags(body);
  if (children) return { ok: true, args: children };
  const tool = tools.resolve(name)?.name;
  const parameter = tool === undefined ? undefined : tools.soleStringParameter(tool);
  if (parameter !== undefined) return { ok: true, args: { [parameter]: body } };
  return {
    ok: false,
    problem: `${tag} holds text, not the tool's parameters; give each as <key>value</key>, or write ACTION: ${name}({"key": "value"})`,
  };
}
