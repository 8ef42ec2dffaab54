import { maskSource } from '../../routes/source/mask-source.js';

/** An existing JS/TS test taken apart, to put a new test case where its first one is. */
export interface JsTestParts {
  /** Everything before the first test case: imports, setup, hooks, the opened `describe` blocks. */
  prefix: string;
  /** `afterAll`/`afterEach`/`after` hooks after the first test case at its level, kept for their cleanup. */
  trailingHooks: string[];
  /** One line per block the prefix leaves open, innermost first: `});`. */
  closing: string[];
  /** `it` or `test`, as the file calls its cases. */
  testFunction: string;
  /** Indentation of the first test case. */
  indent: string;
}

const OPENERS: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
const FIRST_CASE = /^([ \t]*)(it|test)(?:\.\w+)?\s*\(/m;
const CLEANUP_HOOK = /^([ \t]*)(?:afterAll|afterEach|after)\s*\(/gm;

/** Undefined when the file has no `it(`/`test(` case to stand in for. */
export function splitJsTest(text: string): JsTestParts | undefined {
  const { skeleton } = maskSource(text, 'js');
  const first = FIRST_CASE.exec(skeleton);
  if (!first) return undefined;
  const indent = first[1] as string;
  const open = openBrackets(skeleton, first.index);
  return {
    prefix: text.slice(0, first.index),
    trailingHooks: cleanupHooks(text, skeleton, first.index, indent),
    closing: closingLines(text, open),
    testFunction: first[2] as string,
    indent,
  };
}

/** Renames the outermost `describe` still open at the end of `prefix`. */
export function renameOuterDescribe(prefix: string, title: string): string {
  const { skeleton } = maskSource(prefix, 'js');
  const open = new Set(openBrackets(skeleton, skeleton.length));
  for (const match of skeleton.matchAll(/\bdescribe(?:\.\w+)?\s*\(\s*(['"`])/g)) {
    const paren = skeleton.indexOf('(', match.index);
    if (!open.has(paren)) continue;
    const start = match.index + match[0].length;
    const end = skeleton.indexOf(match[1] as string, start);
    if (end < 0) return prefix;
    const quote = match[1] as string;
    const escaped = title.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`);
    return prefix.slice(0, start) + escaped + prefix.slice(end);
  }
  return prefix;
}

/** Offsets of the brackets opened before `end` and not closed. */
function openBrackets(skeleton: string, end: number): number[] {
  const stack: number[] = [];
  for (let i = 0; i < end; i++) {
    const c = skeleton[i] as string;
    if (c in OPENERS) stack.push(i);
    else if (c === ')' || c === '}' || c === ']') stack.pop();
  }
  return stack;
}

function closingLines(text: string, open: number[]): string[] {
  const byLine = new Map<number, number[]>();
  for (const offset of open) {
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    byLine.set(lineStart, [...(byLine.get(lineStart) ?? []), offset]);
  }
  return [...byLine].reverse().map(([lineStart, offsets]) => {
    const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
    const closers = [...offsets]
      .reverse()
      .map((offset) => OPENERS[text[offset] as string])
      .join('');
    return `${indent}${closers}${closers.endsWith(')') ? ';' : ''}`;
  });
}

function cleanupHooks(text: string, skeleton: string, from: number, indent: string): string[] {
  const hooks: string[] = [];
  for (const match of skeleton.slice(from).matchAll(CLEANUP_HOOK)) {
    if (match[1] !== indent) continue;
    const start = from + match.index;
    const close = matchingClose(skeleton, skeleton.indexOf('(', start));
    if (close === undefined) continue;
    const lineEnd = skeleton.indexOf('\n', close);
    hooks.push(text.slice(start, lineEnd < 0 ? text.length : lineEnd));
  }
  return hooks;
}

function matchingClose(skeleton: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < skeleton.length; i++) {
    const c = skeleton[i] as string;
    if (c in OPENERS) depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return undefined;
}
