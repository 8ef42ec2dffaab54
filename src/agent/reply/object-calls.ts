// Calls written as one JSON object naming the tool: Llama 3.x {"name": …, "parameters": …}, Hermes/Qwen
// {"name": …, "arguments": …} (also Python-dict style with single quotes), OpenAI-style
// {"type": "function", "function": {…}}, LangChain {"action": …, "action_input": …}, Mistral arrays.
import { notClosed, type ArgsResult, type CallFinder, type CallSite, type FoundCall } from './call-site.js';
import { asArguments, isRecord, parseArguments, parseLenient } from './parse-arguments.js';
import { findClosingBracket } from './text-scan.js';

const LINE_START_OBJECT = /^[ \t]*(?:(?:[-*+•]|\d+\.)[ \t]+)?\[?[ \t]*\{/gm;
const CALL_KEY = /\{\s*["']?(?:name|arguments|parameters|function|action|tool|tool_name|type)["']?\s*:/y;
const NAME_VALUE = /["']?(?:name|tool_name|tool|action)["']?\s*:\s*["']([A-Za-z_][A-Za-z0-9_.-]*)["']/;
const LEADING_NAME = new RegExp(`[\\[\\s]*\\{\\s*${NAME_VALUE.source}`, 'y');
const NAME_WINDOW = 300;
const NAME_KEYS = ['name', 'tool_name', 'tool', 'action'];
const ARGUMENT_KEYS = ['arguments', 'parameters', 'args', 'action_input', 'input'];
const NOT_ARGUMENTS = new Set([...NAME_KEYS, 'type', 'id', 'function']);

/** Objects that start a line (alone, in a fence or a list); only known tool names count. */
export const findObjectCalls: CallFinder = (text, knownTools) => {
  const sites: CallSite[] = [];
  for (const match of text.matchAll(LINE_START_OBJECT)) {
    const brace = (match.index ?? 0) + match[0].length - 1;
    CALL_KEY.lastIndex = brace;
    if (!CALL_KEY.test(text)) continue;
    sites.push({ start: match.index ?? 0, read: () => readObjectCall(text, brace, knownTools, undefined) });
  }
  return sites;
};

/**
 * The call in the object or array at `start`. With `wrapper` (the model's own tool-call token) any name
 * counts and an unreadable object is a bad call named after the wrapper; without it only known names do.
 */
export function readObjectCall(
  text: string,
  start: number,
  knownTools: ReadonlySet<string>,
  wrapper: string | undefined,
): FoundCall | undefined {
  LEADING_NAME.lastIndex = start;
  const leading = LEADING_NAME.exec(text)?.[1];
  // Checked before scanning the object: a reply can hold thousands of objects naming other things.
  if (wrapper === undefined && leading !== undefined && !knownTools.has(leading)) return undefined;
  const end = findClosingBracket(text, start);
  const raw = text.slice(start, end < 0 ? start + NAME_WINDOW : end);
  const named = leading ?? NAME_VALUE.exec(raw)?.[1];
  const fallback = named !== undefined && (wrapper !== undefined || knownTools.has(named)) ? named : wrapper;
  if (end < 0) return fallback === undefined ? undefined : { name: fallback, args: notClosed(fallback) };

  const parsed = parseLenient(raw);
  if (!parsed.ok) return fallback === undefined ? undefined : { name: fallback, args: parseArguments(raw, fallback) };
  const value = Array.isArray(parsed.value) ? parsed.value[0] : parsed.value;
  const call = callFromObject(value, knownTools, wrapper !== undefined);
  if (call || wrapper === undefined) return call;
  return {
    name: wrapper,
    args: { ok: false, problem: `the call names no tool; write tool_name({"key": "value"}) with a tool from the list` },
  };
}

function callFromObject(value: unknown, knownTools: ReadonlySet<string>, anyName: boolean): FoundCall | undefined {
  if (!isRecord(value)) return undefined;
  const call = isRecord(value.function) ? value.function : value;
  const name = firstString(call, NAME_KEYS);
  if (name === undefined || (!anyName && !knownTools.has(name))) return undefined;
  return { name, args: argumentsOf(call, name) };
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
