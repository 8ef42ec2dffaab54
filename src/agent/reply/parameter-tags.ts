// Arguments written as tags, one per parameter: Qwen3-Coder's `<parameter=key>value</parameter>`
// (closing tags dropped, bent or cut short under long contexts, the `>` after the name left out),
// GLM's `<arg_key>key</arg_key><arg_value>value</arg_value>`, MiniMax's `<parameter name="key">`, and the
// coding agents' `<key>value</key>` inside a tag named after the tool.
import { parseLenient } from './parse-arguments.js';

const QWEN_PARAMETER = /<parameter=([^>\s]+)>?/g;
// Where a Qwen parameter's value ends when its own closing tag is missing or bent (`</parameter/>`, `</parameter1>`).
const QWEN_VALUE_END = /<\/parameter[^>\n]*>?|<parameter=|<\/function>|<\/tool_call>/g;
const GLM_ARGUMENT = /<arg_key>\s*([\s\S]*?)\s*<\/arg_key>\s*<arg_value>([\s\S]*?)(?:<\/arg_value>|(?=<arg_key>)|$)/g;
const NAMED_PARAMETER = /<parameter\s+name\s*=\s*["']([^"']+)["']\s*>([\s\S]*?)(?:<\/parameter>|(?=<parameter\s)|(?=<\/invoke>)|$)/g;
const CHILD_TAG = /<([A-Za-z_][\w-]*)>([\s\S]*?)(?:<\/\1>|$)/g;
const SCALAR = /^(?:-?\d+(?:\.\d+)?|true|false|null)$/;
const LEADING_BREAK = /^[ \t]*\n/;

/** Qwen3-Coder parameters in `body` (the text after `<function=name>`), tolerant of missing and bent closers. */
export function qwenParameters(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const match of body.matchAll(QWEN_PARAMETER)) {
    const from = (match.index ?? 0) + match[0].length;
    QWEN_VALUE_END.lastIndex = from;
    const end = QWEN_VALUE_END.exec(body);
    const closed = end?.[0].startsWith('</parameter') === true;
    const raw = body.slice(from, end ? end.index : body.length);
    // A parameter the reply was cut off in, before its value, is not one.
    if (!end && raw.trim() === '') continue;
    args[match[1] ?? ''] = parameterValue(closed ? raw.replace(/\n$/, '') : raw.trimEnd(), closed);
  }
  return args;
}

/** GLM-4.5's key and value tags, in order. */
export function glmArguments(body: string): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  for (const [, key = '', value = ''] of body.matchAll(GLM_ARGUMENT)) args[key] = parameterValue(value.trim(), false);
  return Object.keys(args).length > 0 ? args : undefined;
}

/** MiniMax (and Anthropic's older XML) `<parameter name="key">value</parameter>` inside an `<invoke>`. */
export function namedParameters(body: string): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const [, key = '', value = ''] of body.matchAll(NAMED_PARAMETER)) args[key] = parameterValue(value.replace(/\n$/, ''), true);
  return args;
}

/** `<key>value</key>` children, as Cline's and Roo Code's tool tags hold them; undefined when there are none. */
export function childTags(body: string): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  for (const [, key = '', value = ''] of body.matchAll(CHILD_TAG)) args[key] = parameterValue(value.replace(/\n$/, ''), true);
  return Object.keys(args).length > 0 ? args : undefined;
}

/**
 * Parameters are untyped text: numbers, booleans, null, objects and arrays are read as JSON, the rest
 * stays a string. A value that begins on the line after its tag loses that line break; one written on
 * the tag's own line loses the spaces before it.
 */
export function parameterValue(raw: string, closed: boolean): unknown {
  const text = LEADING_BREAK.test(raw) ? raw.replace(LEADING_BREAK, '') : raw.replace(/^[ \t]+/, '');
  const value = text.trim();
  if (!SCALAR.test(value) && !value.startsWith('{') && !value.startsWith('[')) return closed ? text : value;
  const parsed = parseLenient(value);
  return parsed.ok ? parsed.value : text;
}
