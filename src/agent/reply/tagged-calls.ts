// Calls in the models' own tool-call tokens, as they leak into the text when the server does not parse
// them: Hermes/Qwen/Granite 3.1 <tool_call>, Granite <|tool_call|>, Phi-4-mini functools[…] and
// <|tool_calls|>, LFM2 <|tool_call_start|>, Llama <function=…> and <|python_tag|>, Qwen3-Coder <parameter=…>,
// GLM <arg_key>, Mistral [TOOL_CALLS], DeepSeek <｜tool▁call▁begin｜>, gpt-oss `to=functions.…`, Gemma 4
// <|tool_call>, FunctionGemma <start_function_call>, MiniMax <minimax:tool_call>. The token is the model's
// plain intent to call, so any name counts; a token with no call to read after it (repeated begin tokens,
// an empty list) is framing the model must write again.
import { noArguments, unreadableFraming, type ArgsResult, type CallFinder, type CallSite, type FoundCall } from './call-site.js';
import { readObjectCall } from './object-calls.js';
import { glmArguments, qwenParameters } from './parameter-tags.js';
import { parseArguments } from './parse-arguments.js';
import { readJsonAfter, readParenArguments } from './read-arguments.js';
import type { ReplyTools } from './reply-tools.js';
import { findClosingBracket, skipBlank, skipFenceOpener } from './text-scan.js';
import { readInvokeAt } from './xml-calls.js';

interface Tag {
  text: string;
  /** Index just past the tag. */
  after: number;
  /** The tool name when the tag holds it. */
  name: string;
  /** The tag as the model wrote it, for problems it reads back. */
  token: string;
  tools: ReplyTools;
}

const NAME = /[A-Za-z_][A-Za-z0-9_.-]*/y;
const FUNCTION_TAG = /<function=([A-Za-z_][A-Za-z0-9_.-]*)>/g;
const FUNCTION_TAG_AT = new RegExp(FUNCTION_TAG.source, 'y');
const MISTRAL_EXTRAS = /(?:\[CALL_ID\][A-Za-z0-9]*)?(?:\[ARGS\])?/y;
const DEEPSEEK_SEP = /<[｜|]tool[▁_]sep[｜|]>/g;
const HARMONY_BEFORE_JSON = /[ \t]*(?:<\|constrain\|>)?[ \t]*json/y;
const GEMMA_STRING = /<\|"\|>([\s\S]*?)<\|"\|>/g;
const FUNCTION_GEMMA_STRING = /<escape>([\s\S]*?)<escape>/g;
const FUNCTION_BODY_END = /<\/function>|<\/tool_call>/g;

const TAGS: Array<[RegExp, (tag: Tag) => FoundCall | undefined]> = [
  [/<tool_call>/g, readToolCallTag],
  [FUNCTION_TAG, ({ text, after, name }) => readFunctionTag(text, after, name)],
  [/<\|python_tag\|>/g, readPythonTag],
  [/\[TOOL_CALLS\]/g, readMistral],
  [/(?:<[｜|]tool[▁_]calls[▁_]begin[｜|]>\s*)?<[｜|]tool[▁_]call[▁_]begin[｜|]>/g, readDeepSeek],
  [/<[｜|]tool[▁_]calls[▁_]begin[｜|]>/g, ({ token }) => unreadableFraming(`the ${token} token`)],
  [/(?:<\|channel\|>)?(?:(?:commentary|analysis)[ \t]+)?(?<![\w.])to=functions\.([A-Za-z_][A-Za-z0-9_]*)/g, readHarmony],
  [/<\|tool_call>call:([A-Za-z_][A-Za-z0-9_]*)/g, (tag) => readBareKeyCall(tag, GEMMA_STRING, '<tool_call|>')],
  [/<start_function_call>call:([A-Za-z_][A-Za-z0-9_]*)/g, (tag) => readBareKeyCall(tag, FUNCTION_GEMMA_STRING, '<end_function_call>')],
  [/<start_function_call>(?!call:[A-Za-z_])/g, ({ token }) => unreadableFraming(`the ${token} token`)],
  [/<\|tool_calls?\|>|functools(?=\s*\[)|<\|tool_call_start\|>/g, readCallList],
  [/<minimax:tool_call>|<function_calls>/g, readInvokeWrapper],
];

export const findTaggedCalls: CallFinder = (text, tools) => {
  const sites: CallSite[] = [];
  for (const [pattern, read] of TAGS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      // A token in inline code is the model writing about it, not calling.
      if (text[start - 1] === '`') continue;
      const tag = { text, after: start + match[0].length, name: match[1] ?? '', token: match[0], tools };
      sites.push({ start, read: () => read(tag) });
    }
  }
  return sites;
};

function readToolCallTag({ text, after, tools }: Tag): FoundCall | undefined {
  const start = skipFenceOpener(text, skipRepeated(text, after, '<tool_call>'));
  FUNCTION_TAG_AT.lastIndex = start;
  const inner = FUNCTION_TAG_AT.exec(text);
  if (inner) return readFunctionTag(text, FUNCTION_TAG_AT.lastIndex, inner[1] ?? '');
  if (text[start] === '{' || text[start] === '[') return readObjectCall(text, start, tools, { wrapper: '<tool_call>' });
  const name = nameAt(text, start);
  if (name === undefined) return unreadableFraming('the <tool_call> block');
  // GLM-4.7 writes a call without arguments as the name alone in the block.
  if (text.startsWith('</tool_call>', skipBlank(text, start + name.length))) return { name, args: { ok: true, args: {} } };
  const close = text.indexOf('</tool_call>', start);
  const glm = glmArguments(text.slice(start + name.length, close < 0 ? text.length : close));
  if (glm) return { name, args: { ok: true, args: glm } };
  const args = argumentsAfterName(text, start + name.length, name);
  if (args !== undefined) return { name, args };
  return tools.resolve(name) ? { name, args: noArguments(name) } : unreadableFraming('the <tool_call> block');
}

/**
 * Llama 3.x `<|python_tag|>{"name": …, "parameters": …}`, or a call of its built-in tools
 * (`brave_search.call(query="…")`), which the session does not have: the loop says so.
 */
function readPythonTag({ text, after, tools, token }: Tag): FoundCall | undefined {
  const start = skipBlank(text, after);
  if (text[start] === '{') return readObjectCall(text, start, tools, { wrapper: token });
  const name = nameAt(text, start);
  const args = name === undefined ? undefined : argumentsAfterName(text, start + name.length, name);
  return name !== undefined && args !== undefined ? { name, args } : unreadableFraming(`the ${token} token`);
}

/** Llama 3.1 `<function=name>{…}</function>`; Qwen3-Coder `<function=name><parameter=key>value</parameter>…`. */
function readFunctionTag(text: string, after: number, name: string): FoundCall {
  const json = readJsonAfter(text, after, name);
  if (json) return { name, args: json };
  FUNCTION_BODY_END.lastIndex = after;
  const end = FUNCTION_BODY_END.exec(text);
  return { name, args: { ok: true, args: qwenParameters(text.slice(after, end ? end.index : text.length)) } };
}

/** `[TOOL_CALLS] [{"name": …, "arguments": …}]` (v3) or `[TOOL_CALLS]name[ARGS]{…}` (v11+). */
function readMistral({ text, after, tools, token }: Tag): FoundCall | undefined {
  const start = skipRepeated(text, after, token);
  if (text[start] === '{' || text[start] === '[') return readObjectCall(text, start, tools, { wrapper: token });
  const name = nameAt(text, start);
  if (name === undefined) return unreadableFraming(`the ${token} token`);
  MISTRAL_EXTRAS.lastIndex = start + name.length;
  MISTRAL_EXTRAS.test(text);
  return { name, args: argumentsAfterName(text, MISTRAL_EXTRAS.lastIndex, name) ?? noArguments(name) };
}

/** V3: `function<｜tool▁sep｜>name` then fenced JSON; V3.1: `name<｜tool▁sep｜>{…}`. */
function readDeepSeek({ text, after, token }: Tag): FoundCall | undefined {
  const framing = unreadableFraming(`the ${token.trim()} token`);
  DEEPSEEK_SEP.lastIndex = after;
  const sep = DEEPSEEK_SEP.exec(text);
  if (!sep || sep.index - after > 100) return framing;
  const before = text.slice(after, sep.index).trim();
  if (before === '' || before.includes('<')) return framing;
  const sepEnd = sep.index + sep[0].length;
  if (before !== 'function') return { name: before, args: readJsonAfter(text, sepEnd, before) ?? noArguments(before) };
  const nameStart = skipBlank(text, sepEnd);
  const name = nameAt(text, nameStart);
  if (name === undefined) return framing;
  return { name, args: readJsonAfter(text, nameStart + name.length, name) ?? noArguments(name) };
}

/** `<|channel|>commentary to=functions.name <|constrain|>json<|message|>{…}<|call|>`, tokens or not. */
function readHarmony({ text, after, name }: Tag): FoundCall {
  const message = text.indexOf('<|message|>', after);
  let from = after;
  if (message >= 0 && message - after <= 60) from = message + '<|message|>'.length;
  else {
    HARMONY_BEFORE_JSON.lastIndex = after;
    if (HARMONY_BEFORE_JSON.test(text)) from = HARMONY_BEFORE_JSON.lastIndex;
  }
  return { name, args: readJsonAfter(text, from, name) ?? noArguments(name) };
}

/**
 * Gemma 4 `<|tool_call>call:name{key:<|"|>text<|"|>,n:3}<tool_call|>` and FunctionGemma
 * `<start_function_call>call:name{key:<escape>text<escape>}<end_function_call>`: bare keys, strings
 * quoted by a token; Gemma 4 also writes `call:name(key: "text")`.
 */
function readBareKeyCall({ text, after, name }: Tag, quoted: RegExp, closer: string): FoundCall {
  const open = text[after];
  if (open !== '{' && open !== '(') return { name, args: noArguments(name) };
  const close = text.indexOf(closer, after);
  const end = close >= 0 ? close : findClosingBracket(text, after);
  if (end < 0) return { name, args: noArguments(name) };
  const inner = text
    .slice(after + 1, end)
    .trim()
    .replace(/[)}]$/, '');
  const body = `{${inner.replace(quoted, (_whole, value: string) => JSON.stringify(value))}}`;
  return { name, args: parseArguments(body, name) };
}

/**
 * A list of calls after a token: Granite `<|tool_call|>[{…}]`, Phi-4-mini `functools[{…}]` and
 * `<|tool_calls|>[…]`, LFM2 `<|tool_call_start|>[name(key="v")]<|tool_call_end|>` (JSON inside too), or
 * one call without the list (`<|tool_call|>name({…})`). The first call counts.
 */
function readCallList({ text, after, token, tools }: Tag): FoundCall | undefined {
  const framing = unreadableFraming(`the ${token === 'functools' ? 'functools[…] list' : `${token} token`}`);
  const start = skipRepeated(text, after, token);
  const first = text[start] === '[' ? skipBlank(text, start + 1) : start;
  // The whole list when it is closed, so the calls after the first are named; else the first object alone.
  const listClosed = text[start] === '[' && findClosingBracket(text, start) >= 0;
  if (text[first] === '{') return readObjectCall(text, listClosed ? start : first, tools, { wrapper: token });
  const name = nameAt(text, first);
  const args = name === undefined ? undefined : argumentsAfterName(text, first + name.length, name);
  if (name === undefined || args === undefined) return framing;
  const more = namesAfterInList(text, first + name.length);
  return more.length > 0 ? { name, args, more } : { name, args };
}

/** The names of the Python-style calls after the one whose name ends at `at`: `[a(…), b(…)]` gives b. */
function namesAfterInList(text: string, at: number): string[] {
  const names: string[] = [];
  let end = text[at] === '(' ? findClosingBracket(text, at) : -1;
  while (end > 0 && text[skipBlank(text, end)] === ',') {
    const next = skipBlank(text, skipBlank(text, end) + 1);
    const name = nameAt(text, next);
    if (name === undefined || text[next + name.length] !== '(') break;
    names.push(name);
    end = findClosingBracket(text, next + name.length);
  }
  return names;
}

/** MiniMax `<minimax:tool_call>` and `<function_calls>` wrap `<invoke>` elements; the first counts. */
function readInvokeWrapper({ text, after, token }: Tag): FoundCall {
  return readInvokeAt(text, skipRepeated(text, after, token)) ?? unreadableFraming(`the ${token} block`);
}

function argumentsAfterName(text: string, after: number, name: string): ArgsResult | undefined {
  if (text[after] === '(') return readParenArguments(text, after, name);
  return readJsonAfter(text, after, name);
}

/** Past the token written again and again, with blanks between: some models loop on their begin token. */
function skipRepeated(text: string, after: number, token: string): number {
  let i = skipBlank(text, after);
  while (text.startsWith(token, i)) i = skipBlank(text, i + token.length);
  return i;
}

function nameAt(text: string, at: number): string | undefined {
  NAME.lastIndex = at;
  return NAME.exec(text)?.[0];
}
