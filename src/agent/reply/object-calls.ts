// Calls written as one JSON object naming the tool: Llama 3.x {"name": …, "parameters": …}, Hermes/Qwen
// {"name": …, "arguments": …} (also Python-dict style with single quotes), OpenAI-style
// {"type": "function", "function": {…}}, Granite's {"tool": {…}}, {"tool_call": {…}}, LangChain {"action": …, "action_input": …},
// Mistral arrays. A reply that is nothing but such an object is a call whatever tool it names.
import { EXPECTED_FORM, notClosed, type ArgsResult, type CallFinder, type CallSite, type FoundCall } from './call-site.js';
import { asArguments, isRecord, parseArguments, parseLenient } from './parse-arguments.js';
import type { ReplyTools } from './reply-tools.js';
import { findClosingBracket, skipWhitespace } from './text-scan.js';

const LINE_START_OBJECT = /^[ \t]*(?:(?:[-*+•]|\d+\.)[ \t]+)?\[?[ \t]*\{/gm;
const CALL_KEY = /\{\s*["']?(?:name|arguments|parameters|function|action|tool|tool_name|tool_call|type)["']?\s*:/y;
const NAME_VALUE = /["']?(?:name|tool_name|tool|action)["']?\s*:\s*["']([A-Za-z_][A-Za-z0-9_.-]*)["']/;
const LEADING_NAME = new RegExp(`[\\[\\s]*\\{\\s*${NAME_VALUE.source}`, 'y');
const FENCED = /^```[\w-]*\s*([\s\S]*?)\s*```$/;
const NAME_WINDOW = 300;
const NAME_KEYS = ['name', 'tool_name', 'tool', 'action'];
const ARGUMENT_KEYS = ['arguments', 'parameters', 'args', 'action_input', 'input'];
/** What makes a lone object a call even to a tool that does not exist. */
const CALL_ARGUMENT_KEYS = ['arguments', 'parameters', 'action_input'];
const NOT_ARGUMENTS = new Set([...NAME_KEYS, 'type', 'id', 'function']);

/** How a call token or the reply's shape vouches for the object. */
interface Vouch {
  /** The model's own tool-call token before the object: any name counts, and a bad object is a bad call. */
  wrapper?: string;
  /** The object is the whole reply: any name counts when it also gives arguments. */
  wholeReply?: boolean;
}

/** Objects that start a line (alone, in a fence or a list); only known tool names count. */
export const findObjectCalls: CallFinder = (text, tools) => {
  const sites: CallSite[] = [];
  const whole = wholeReplyValue(text);
  if (whole !== undefined) sites.push({ start: whole, read: () => readObjectCall(text, whole, tools, { wholeReply: true }) });
  for (const match of text.matchAll(LINE_START_OBJECT)) {
    const brace = (match.index ?? 0) + match[0].length - 1;
    CALL_KEY.lastIndex = brace;
    if (!CALL_KEY.test(text)) continue;
    sites.push({ start: match.index ?? 0, read: () => readObjectCall(text, brace, tools, {}) });
  }
  return sites;
};

/**
 * The call in the object or array at `start`. With a wrapper (the model's own tool-call token) any name
 * counts and an unreadable object is a bad call named after the wrapper; without it only known names do.
 */
export function readObjectCall(text: string, start: number, tools: ReplyTools, vouch: Vouch): FoundCall | undefined {
  const { wrapper } = vouch;
  LEADING_NAME.lastIndex = start;
  const leading = LEADING_NAME.exec(text)?.[1];
  // Checked before scanning the object: a reply can hold thousands of objects naming other things.
  if (wrapper === undefined && !vouch.wholeReply && leading !== undefined && !tools.resolve(leading)) return undefined;
  const end = findClosingBracket(text, start);
  const raw = text.slice(start, end < 0 ? start + NAME_WINDOW : end);
  const named = leading ?? NAME_VALUE.exec(raw)?.[1];
  const fallback = named !== undefined && (wrapper !== undefined || tools.resolve(named)) ? named : undefined;
  if (end < 0) return fallback === undefined ? framingOf(wrapper, 'is not closed') : { name: fallback, args: notClosed(fallback) };

  const parsed = parseLenient(raw);
  if (!parsed.ok)
    return fallback === undefined ? framingOf(wrapper, `is not valid JSON (${parsed.reason})`) : { name: fallback, args: parseArguments(raw, fallback) };
  const [value, ...rest] = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const call = callFromObject(value, tools, vouch);
  if (!call) return framingOf(wrapper);
  const more = rest.map((item) => callFromObject(item, tools, { ...vouch, wholeReply: true })?.name).filter((name) => name !== undefined);
  return more.length > 0 ? { ...call, more } : call;
}

function callFromObject(value: unknown, tools: ReplyTools, vouch: Vouch): FoundCall | undefined {
  if (!isRecord(value)) return undefined;
  const call = [value.function, value.tool, value.tool_call].find(isRecord) ?? value;
  const name = firstString(call, NAME_KEYS);
  if (name === undefined) return undefined;
  const vouched = vouch.wrapper !== undefined || (vouch.wholeReply === true && CALL_ARGUMENT_KEYS.some((key) => key in call));
  if (!vouched && !tools.resolve(name)) return undefined;
  return { name, args: argumentsOf(call, name) };
}

/** A wrapper whose object cannot be read is framing to write again; without one, nothing was called. */
function framingOf(wrapper: string | undefined, what = 'names no tool'): FoundCall | undefined {
  return wrapper === undefined ? undefined : { args: { ok: false, problem: `the call after ${wrapper} ${what}; write ${EXPECTED_FORM}` } };
}

function argumentsOf(call: Record<string, unknown>, name: string): ArgsResult {
  const key = ARGUMENT_KEYS.find((candidate) => candidate in call);
  // Small models flatten the arguments next to the name: {"name": "read_file", "path": "x"}.
  if (key === undefined) {
    return { ok: true, args: Object.fromEntries(Object.entries(call).filter(([k]) => !NOT_ARGUMENTS.has(k))) };
  }
  const args = call[key];
  // OpenAI-style arguments are a JSON string.
  if (typeof args === 'string') return args.trim() === '' ? { ok: true, args: {} } : parseArguments(args, name);
  return asArguments(args ?? {}, name);
}

function firstString(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** Where the reply's one JSON object or array starts, when that value (fenced or not) is all the reply holds. */
function wholeReplyValue(text: string): number | undefined {
  const trimmed = text.trim();
  const body = FENCED.exec(trimmed)?.[1] ?? trimmed;
  if (body[0] !== '{' && body[0] !== '[') return undefined;
  if (findClosingBracket(body, 0) !== body.length) return undefined;
  const start = skipWhitespace(text, text.indexOf(body));
  return text[start] === '[' ? skipWhitespace(text, start + 1) : start;
}
