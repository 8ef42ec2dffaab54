import path from 'node:path';
import type { SourceFile } from '../../source/source-file.js';

export interface GoParam {
  name: string;
  type: string;
}

/** A Go function, method or function literal. */
export interface GoFunction {
  file: SourceFile;
  /** Undefined for a function literal. */
  name?: string;
  receiverType?: string;
  params: GoParam[];
  start: number;
  bodyStart: number;
  bodyEnd: number;
  /** The variable its body returns last (`return r`). */
  returns?: string;
}

const NAMED = /^([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?\s*\(/;

export function goFunctions(file: SourceFile): GoFunction[] {
  const functions: GoFunction[] = [];
  for (const match of file.skeleton.matchAll(/\bfunc\b/g)) {
    let i = file.skipSpace(match.index + 4);
    let receiverType: string | undefined;
    let name: string | undefined;
    if (file.skeleton[i] === '(') {
      const close = file.closing(i) ?? i;
      const after = file.skipSpace(close + 1);
      const named = NAMED.exec(file.skeleton.slice(after, after + 120));
      if (named) {
        receiverType = /(\w+)(?:\[[^\]]*\])?\s*$/.exec(file.code.slice(i + 1, close))?.[1];
        name = named[1];
        i = after + named[0].length - 1;
      }
    } else {
      const named = NAMED.exec(file.skeleton.slice(i, i + 120));
      if (!named) continue;
      name = named[1];
      i += named[0].length - 1;
    }
    const paramsClose = file.closing(i);
    const bodyStart = paramsClose === undefined ? undefined : bodyOpening(file, paramsClose + 1);
    const bodyEnd = bodyStart === undefined ? undefined : file.closing(bodyStart);
    if (bodyStart === undefined || bodyEnd === undefined) continue;
    const body = file.code.slice(bodyStart, bodyEnd);
    const returns = [...body.matchAll(/\breturn\s+(\w+)\s*$/gm)].at(-1)?.[1];
    functions.push({ file, name, receiverType, params: goParams(file, i), start: match.index, bodyStart, bodyEnd: bodyEnd + 1, returns });
  }
  return functions;
}

/** The node key of a named function: unique per file, receiver type and name. */
export function functionKey(fn: GoFunction): string {
  return `fn:${fn.file.path}:${fn.receiverType ?? ''}.${fn.name ?? `@${fn.bodyStart}`}`;
}

/**
 * The functions a call names (`RegisterRoutes`, `routes.Register`, `h.Routes`): by name, narrowed by the
 * qualifier when several match (a package folder of that name, or a receiver type that contains it).
 */
export function functionsCalled(index: Map<string, GoFunction[]>, name: string, qualifier: string | undefined): GoFunction[] {
  const candidates = index.get(name) ?? [];
  if (candidates.length < 2 || !qualifier) return candidates;
  const wanted = qualifier.toLowerCase();
  const narrowed = candidates.filter((fn) => {
    const receiver = fn.receiverType?.toLowerCase() ?? '';
    return path.posix.basename(path.posix.dirname(fn.file.path)) === qualifier || (receiver && (receiver.includes(wanted) || wanted.includes(receiver)));
  });
  return narrowed.length > 0 ? narrowed : candidates;
}

/** The body's `{` after a signature, stepping over result types such as `(int, error)` or `map[string]interface{}`. */
function bodyOpening(file: SourceFile, from: number): number | undefined {
  for (let i = from; i < file.skeleton.length; i++) {
    const c = file.skeleton[i];
    if (c === '(' || c === '[') i = file.closing(i) ?? i;
    else if (c === '{') {
      if (!/\b(?:interface|struct)\s*$/.test(file.skeleton.slice(Math.max(0, i - 12), i))) return i;
      i = file.closing(i) ?? i;
    } else if (c === '\n' || c === ';' || c === ')' || c === ',') return undefined;
  }
  return undefined;
}

/** `(r chi.Router, a, b int)` → r: chi.Router, a: int, b: int. */
function goParams(file: SourceFile, open: number): GoParam[] {
  const params = file.args(open).map((arg) => {
    const [name = '', ...type] = arg.text.split(/\s+/);
    return { name, type: type.join(' ') };
  });
  for (let i = params.length - 2; i >= 0; i--) {
    const param = params[i] as GoParam;
    if (!param.type) param.type = (params[i + 1] as GoParam).type;
  }
  return params;
}
