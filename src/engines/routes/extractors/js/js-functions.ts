import type { SourceFile } from '../../source/source-file.js';

/** A function declaration, function expression or arrow function. */
export interface JsFunction {
  name?: string;
  params: string[];
  /** Where it starts: `async`, `function`, or its parameter list. */
  start: number;
  bodyStart: number;
  bodyEnd: number;
  /** The variable its body returns last (`return router`). */
  returns?: string;
}

const FUNCTION_KEYWORD = /\b(async\s+)?function\b\s*\*?\s*([\w$]+)?\s*(?:<[^>()]*>)?\s*\(/g;
const ARROW = /=>/g;
const ASSIGNED_NAME = /(?:const|let|var)\s+([\w$]+)\s*(?::[^=;]+)?=\s*$/;

/** Every function in a file, found by `function` keywords and `=>` arrows. */
export function jsFunctions(file: SourceFile): JsFunction[] {
  const functions: JsFunction[] = [];
  for (const match of file.skeleton.matchAll(FUNCTION_KEYWORD)) {
    const open = match.index + match[0].length - 1;
    const close = file.closing(open);
    if (close === undefined) continue;
    const body = bodyAfter(file, close + 1, false);
    if (!body) continue;
    const name = match[2] ?? ASSIGNED_NAME.exec(file.code.slice(Math.max(0, match.index - 120), match.index))?.[1];
    functions.push(withReturns(file, { name, params: paramNames(file, open), start: match.index, ...body }));
  }
  for (const match of file.skeleton.matchAll(ARROW)) {
    const head = arrowHead(file, match.index);
    const body = head && bodyAfter(file, match.index + 2, true);
    if (!head || !body) continue;
    const name = ASSIGNED_NAME.exec(file.code.slice(Math.max(0, head.start - 120), head.start))?.[1];
    functions.push(withReturns(file, { name, ...head, ...body }));
  }
  return functions;
}

/** The innermost function around `offset` that has a parameter of that name. */
export function functionWithParam(functions: JsFunction[], offset: number, param: string): JsFunction | undefined {
  let best: JsFunction | undefined;
  for (const fn of functions) {
    if (fn.bodyStart <= offset && offset < fn.bodyEnd && fn.params.includes(param) && (!best || fn.bodyStart > best.bodyStart)) {
      best = fn;
    }
  }
  return best;
}

/** The function whose expression starts at (or just after) `offset`. */
export function functionAt(functions: JsFunction[], offset: number): JsFunction | undefined {
  return functions.filter((fn) => fn.start >= offset && fn.start <= offset + 8).sort((a, b) => a.start - b.start)[0];
}

function arrowHead(file: SourceFile, arrow: number): { params: string[]; start: number } | undefined {
  let end = file.skipSpaceBack(arrow - 1);
  // `(app: FastifyInstance): Promise<void> =>`: step back over the return type.
  const typed = /\)\s*:[^;{}()=]*$/.exec(file.skeleton.slice(Math.max(0, arrow - 80), arrow));
  if (typed) end = arrow - typed[0].length;
  if (file.skeleton[end] !== ')' && !/[\w$]/.test(file.skeleton[end] as string)) return undefined;
  let start: number;
  let params: string[];
  if (file.skeleton[end] === ')') {
    const open = file.opening(end);
    if (open === undefined) return undefined;
    start = open;
    params = paramNames(file, open);
  } else {
    start = end;
    while (start > 0 && /[\w$]/.test(file.skeleton[start - 1] as string)) start--;
    params = [file.skeleton.slice(start, end + 1)];
  }
  const async = /\basync\s*$/.exec(file.code.slice(Math.max(0, start - 8), start));
  return { params, start: async ? start - async[0].length : start };
}

function bodyAfter(file: SourceFile, from: number, expressionAllowed: boolean): { bodyStart: number; bodyEnd: number } | undefined {
  let i = file.skipSpace(from);
  // A return type annotation between the parameters and the body: `): Promise<void> {`.
  if (!expressionAllowed && file.skeleton[i] === ':') {
    const brace = file.skeleton.indexOf('{', i);
    if (brace < 0 || brace - i > 200) return undefined;
    i = brace;
  }
  if (file.skeleton[i] === '{') {
    const close = file.closing(i);
    return close === undefined ? undefined : { bodyStart: i, bodyEnd: close + 1 };
  }
  return expressionAllowed ? { bodyStart: i, bodyEnd: file.expressionEnd(i) } : undefined;
}

function paramNames(file: SourceFile, open: number): string[] {
  return file.args(open).map((arg) => /^(?:\.\.\.)?([\w$]+)/.exec(arg.text)?.[1] ?? '');
}

function withReturns(file: SourceFile, fn: JsFunction): JsFunction {
  const body = file.code.slice(fn.bodyStart, fn.bodyEnd);
  const returns = [...body.matchAll(/\breturn\s+([\w$]+)\s*;?\s*(?:\n|\}|$)/g)].at(-1)?.[1];
  return returns ? { ...fn, returns } : fn;
}
