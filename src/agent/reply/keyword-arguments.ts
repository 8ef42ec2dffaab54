// Python keyword calls, as Llama 3.2+, Gemma (tool_code) and others write them: read_file(path="x", limit=20).
import { example, notClosed, type ArgsResult } from './call-site.js';
import { parseLenient, type LenientValue } from './parse-arguments.js';
import { findTopLevelComma, skipWhitespace } from './text-scan.js';

const KEYWORD = /([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)/y;
const STARTS_WITH_KEYWORD = /^\s*[A-Za-z_][A-Za-z0-9_]*\s*=(?!=)/;
const TRIPLE_QUOTED = /^("""|''')([\s\S]*)\1$/;

export function isKeywordArguments(inner: string): boolean {
  return STARTS_WITH_KEYWORD.test(inner);
}

/**
 * Reads `key=value, …` where values are Python literals: strings in ' " or triple quotes,
 * True/False/None, numbers, lists, dicts.
 */
export function readKeywordArguments(inner: string, name: string): ArgsResult {
  const args: Record<string, unknown> = {};
  let i = skipWhitespace(inner, 0);
  while (i < inner.length) {
    KEYWORD.lastIndex = i;
    const key = KEYWORD.exec(inner)?.[1];
    if (key === undefined) {
      return { ok: false, problem: `expected key=value at "${inner.slice(i, i + 20)}"; write ${example(name)}` };
    }
    const end = findTopLevelComma(inner, KEYWORD.lastIndex);
    if (end < 0) return notClosed(name);
    const value = readPythonValue(inner.slice(KEYWORD.lastIndex, end).trim());
    if (!value.ok) {
      return { ok: false, problem: `the value of ${key} is not readable (${value.reason}); write ${example(name)}` };
    }
    args[key] = value.value;
    i = skipWhitespace(inner, end + 1);
  }
  return { ok: true, args };
}

function readPythonValue(raw: string): LenientValue {
  const triple = TRIPLE_QUOTED.exec(raw);
  return triple ? { ok: true, value: triple[2] } : parseLenient(raw);
}
