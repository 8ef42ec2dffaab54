// Calls in the models' own tool-call tokens, as they leak into the text when the server does not parse
// them: Hermes/Qwen <tool_call>, Llama <function=…> and <|python_tag|>, Qwen3-Coder <parameter=…>,
// Mistral [TOOL_CALLS], DeepSeek <｜tool▁call▁begin｜>, gpt-oss `to=functions.…`, Gemma 4 <|tool_call>.
// The token is the model's plain intent to call, so any name counts.
import { example, noArguments, type ArgsResult, type CallFinder, type CallSite, type FoundCall } from './call-site.js';
import { readObjectCall } from './object-calls.js';
import { parseArguments, parseLenient } from './parse-arguments.js';
import { readJsonAfter, readParenArguments } from './read-arguments.js';
import { findClosingBracket, skipFenceOpener, skipWhitespace } from './text-scan.js';

interface Tag {
  text: string;
  /** Index just past the tag. */
  after: number;
  /** The tool name when the tag holds it. */
  name: string;
  knownTools: ReadonlySet<string>;
}

const NAME = /[A-Za-z_][A-Za-z0-9_.-]*/y;
const FUNCTION_TAG = /<function=([A-Za-z_][A-Za-z0-9_.-]*)>/g;
const FUNCTION_TAG_AT = new RegExp(FUNCTION_TAG.source, 'y');
const MISTRAL_EXTRAS = /(?:\[CALL_ID\][A-Za-z0-9]*)?(?:\[ARGS\])?/y;
const DEEPSEEK_SEP = /<[｜|]tool[▁_]sep[｜|]>/g;
const HARMONY_BEFORE_JSON = /[ \t]*(?:<\|constrain\|>)?[ \t]*json/y;
const PARAMETER = /<parameter=([^>\s]+)>\n?([\s\S]*?)\n?<\/parameter>/g;
const GEMMA_STRING = /<\|"\|>([\s\S]*?)<\|"\|>/g;
const SCALAR = /^(?:-?\d+(?:\.\d+)?|true|false|null)$/;

const TAGS: Array<[RegExp, (tag: Tag) => FoundCall | undefined]> = [
  [/<tool_call>/g, readToolCallTag],
  [FUNCTION_TAG, ({ text, after, name }) => readFunctionTag(text, after, name)],
  [/<\|python_tag\|>/g, readPythonTag],
  [/\[TOOL_CALLS\]/g, readMistral],
  [/(?:<[｜|]tool[▁_]calls[▁_]begin[｜|]>\s*)?<[｜|]tool[▁_]call[▁_]begin[｜|]>/g, readDeepSeek],
  [/(?:<\|channel\|>)?(?:(?:commentary|analysis)[ \t]+)?(?<![\w.])to=functions\.([A-Za-z_][A-Za-z0-9_]*)/g, readHarmony],
  [/<\|tool_call>call:([A-Za-z_][A-Za-z0-9_]*)/g, readGemma],
];

export const findTaggedCalls: CallFinder = (text, knownTools) => {
  const sites: CallSite[] = [];
  for (const [pattern, read] of TAGS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      const tag = { text, after: start + match[0].length, name: match[1] ?? '', knownTools };
      sites.push({ start, read: () => read(tag) });
    }
  }
  return sites;
};

function readToolCallTag({ text, after, knownTools }: Tag): FoundCall | undefined {
  const start = skipFenceOpener(text, skipWhitespace(text, after));
  FUNCTION_TAG_AT.lastIndex = start;
  const inner = FUNCTION_TAG_AT.exec(text);
  if (inner) return readFunctionTag(text, FUNCTION_TAG_AT.lastIndex, inner[1] ?? '');
  if (text[start] === '{' || text[start] === '[') return readObjectCall(text, start, knownTools, 'tool_call');
  const name = nameAt(text, start);
  const args = name === undefined ? undefined : argumentsAfterName(text, start + name.length, name);
  if (name !== undefined && args !== undefined) return { name, args };
  if (name !== undefined && knownTools.has(name)) return { name, args: noArguments(name) };
  return { name: 'tool_call', args: { ok: false, problem: `the <tool_call> block holds no call; write ${example('tool_name')}` } };
}

/** Llama 3.x `<|python_tag|>{"name": …, "parameters": …}`; its built-in tools' Python calls are not ours. */
function readPythonTag({ text, after, knownTools }: Tag): FoundCall | undefined {
  const start = skipWhitespace(text, after);
  return text[start] === '{' ? readObjectCall(text, start, knownTools, 'python_tag') : undefined;
}

/** Llama 3.1 `<function=name>{…}</function>`; Qwen3-Coder `<function=name><parameter=key>value</parameter>…`. */
function readFunctionTag(text: string, after: number, name: string): FoundCall {
  const json = readJsonAfter(text, after, name);
  if (json) return { name, args: json };
  const close = text.indexOf('</function>', after);
  const body = text.slice(after, close < 0 ? text.length : close);
  const args: Record<string, unknown> = {};
  for (const [, key = '', value = ''] of body.matchAll(PARAMETER)) args[key] = parameterValue(value);
  return { name, args: { ok: true, args } };
}

/** Parameters are untyped text: numbers, booleans, null, objects and arrays are read as JSON, the rest stays a string. */
function parameterValue(raw: string): unknown {
  const value = raw.trim();
  if (!SCALAR.test(value) && !value.startsWith('{') && !value.startsWith('[')) return raw;
  const parsed = parseLenient(value);
  return parsed.ok ? parsed.value : raw;
}

/** `[TOOL_CALLS] [{"name": …, "arguments": …}]` (v3) or `[TOOL_CALLS]name[ARGS]{…}` (v11+). */
function readMistral({ text, after, knownTools }: Tag): FoundCall | undefined {
  const start = skipWhitespace(text, after);
  if (text[start] === '{' || text[start] === '[') return readObjectCall(text, start, knownTools, 'TOOL_CALLS');
  const name = nameAt(text, start);
  if (name === undefined) return undefined;
  MISTRAL_EXTRAS.lastIndex = start + name.length;
  MISTRAL_EXTRAS.test(text);
  return { name, args: argumentsAfterName(text, MISTRAL_EXTRAS.lastIndex, name) ?? noArguments(name) };
}

/** V3: `function<｜tool▁sep｜>name` then fenced JSON; V3.1: `name<｜tool▁sep｜>{…}`. */
function readDeepSeek({ text, after }: Tag): FoundCall | undefined {
  DEEPSEEK_SEP.lastIndex = after;
  const sep = DEEPSEEK_SEP.exec(text);
  if (!sep || sep.index - after > 100) return undefined;
  const before = text.slice(after, sep.index).trim();
  if (before === '') return undefined;
  const sepEnd = sep.index + sep[0].length;
  if (before !== 'function') return { name: before, args: readJsonAfter(text, sepEnd, before) ?? noArguments(before) };
  const nameStart = skipWhitespace(text, sepEnd);
  const name = nameAt(text, nameStart);
  if (name === undefined) return undefined;
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

/** `<|tool_call>call:name{key:<|"|>text<|"|>,n:3}<tool_call|>`: bare keys, strings quoted by a token. */
function readGemma({ text, after, name }: Tag): FoundCall {
  if (text[after] !== '{') return { name, args: noArguments(name) };
  const close = text.indexOf('<tool_call|>', after);
  const end = close >= 0 ? close : findClosingBracket(text, after);
  if (end < 0) return { name, args: noArguments(name) };
  const body = text.slice(after, end).replace(GEMMA_STRING, (_whole, inner: string) => JSON.stringify(inner));
  return { name, args: parseArguments(body, name) };
}

function argumentsAfterName(text: string, after: number, name: string): ArgsResult | undefined {
  if (text[after] === '(') return readParenArguments(text, after, name);
  return readJsonAfter(text, after, name);
}

function nameAt(text: string, at: number): string | undefined {
  NAME.lastIndex = at;
  return NAME.exec(text)?.[0];
}
