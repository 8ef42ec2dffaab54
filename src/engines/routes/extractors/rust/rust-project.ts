import type { HandlerRef } from '../../route.js';
import { assignedName, chainBefore } from '../../source/member-chain.js';
import type { SourceFile, Span } from '../../source/source-file.js';

export interface RustFunction {
  file: SourceFile;
  name: string;
  start: number;
  bodyStart: number;
  bodyEnd: number;
  /** The variable its body ends with (`router` in `…; router }`), when it returns one. */
  returns?: string;
}

const FN = /\bfn\s+(\w+)\s*(?:<[^>{]*>)?\s*\(/g;

/** Prefixes that apply over a stretch of a file: `web::scope("/api")…`, `.nest("/api", Router::new()…)`. */
export interface PrefixScope {
  start: number;
  end: number;
  prefix: string;
}

/** The Rust files of a project and their functions, by name. */
export class RustProject {
  readonly byName = new Map<string, RustFunction[]>();
  private readonly byFile = new Map<string, RustFunction[]>();

  constructor(readonly files: SourceFile[]) {
    for (const file of files) {
      const functions = rustFunctions(file);
      this.byFile.set(file.path, functions);
      for (const fn of functions) this.byName.set(fn.name, [...(this.byName.get(fn.name) ?? []), fn]);
    }
  }

  enclosing(file: SourceFile, offset: number): RustFunction | undefined {
    return (this.byFile.get(file.path) ?? []).filter((fn) => fn.bodyStart <= offset && offset < fn.bodyEnd).sort((a, b) => b.bodyStart - a.bodyStart)[0];
  }

  /** `users::config`, `app::features::user::controllers::me`: by name, preferring files whose path holds most of the module path. */
  functionsAt(path: string): RustFunction[] {
    const parts = path.split('::');
    const candidates = this.byName.get(parts.at(-1) as string) ?? [];
    const modules = parts.slice(0, -1).filter((part) => !['crate', 'super', 'self'].includes(part));
    if (candidates.length < 2 || modules.length === 0) return candidates;
    const score = (fn: RustFunction) => modules.filter((module) => fn.file.path.split(/[/.]/).includes(module)).length;
    const best = Math.max(...candidates.map(score));
    return candidates.filter((fn) => score(fn) === best);
  }

  /** The node of the function around an offset (or of the file, outside functions). */
  functionNodeAt(file: SourceFile, offset: number): string {
    const fn = this.enclosing(file, offset);
    return fn ? functionNode(fn) : `file:${file.path}`;
  }

  /**
   * The router a chain builds at an offset: the `let` variable it is assigned to in its function
   * (`fn:src/main.rs:main#api`), or the function itself (a function returning `Router::new()…`).
   */
  nodeAt(file: SourceFile, accessor: number): string {
    const chain = chainBefore(file, accessor);
    const variable = chain.root && chain.root !== 'Router' ? chain.root : assignedName(file, chain.rootStart);
    return `${this.functionNodeAt(file, accessor)}${variable ? `#${variable}` : ''}`;
  }

  /** The router a function's callers get: its returned variable's node, or the function's own. */
  returnedNode(fn: RustFunction): string {
    return `${functionNode(fn)}${fn.returns ? `#${fn.returns}` : ''}`;
  }

  /** `handlers::get_user`, `get_user`, or a closure `|Path(id): Path<u32>| async move {…}`. */
  handlerRef(file: SourceFile, span: Span): HandlerRef {
    if (/^(?:move\s+)?\||^async\b/.test(span.text)) return { label: 'closure', at: { file: file.path, offset: span.start } };
    const path = /^[\w:]+/.exec(span.text)?.[0];
    if (!path) return { label: span.text };
    const found = this.functionsAt(path);
    return { label: path, name: path.split('::').at(-1), hints: found.map((fn) => fn.file.path) };
  }
}

export function functionNode(fn: RustFunction): string {
  return `fn:${fn.file.path}:${fn.name}`;
}

/** The prefix the scopes around an offset add, outermost first. */
export function prefixAround(scopes: PrefixScope[], offset: number): string[] {
  return scopes
    .filter((scope) => scope.start <= offset && offset < scope.end)
    .sort((a, b) => a.start - b.start)
    .map((scope) => scope.prefix);
}

function rustFunctions(file: SourceFile): RustFunction[] {
  const functions: RustFunction[] = [];
  for (const match of file.skeleton.matchAll(FN)) {
    const close = file.closing(match.index + match[0].length - 1);
    if (close === undefined) continue;
    let bodyStart = close + 1;
    while (bodyStart < file.skeleton.length && !'{;'.includes(file.skeleton[bodyStart] as string)) {
      bodyStart = file.skeleton[bodyStart] === '(' ? (file.closing(bodyStart) ?? bodyStart) + 1 : bodyStart + 1;
    }
    const bodyEnd = file.skeleton[bodyStart] === '{' ? file.closing(bodyStart) : undefined;
    if (bodyEnd === undefined) continue;
    const tail = /(?:^|[\s;{}])(?:return\s+)?([a-z_]\w*)\s*;?\s*$/.exec(file.code.slice(bodyStart + 1, bodyEnd))?.[1];
    const returns = tail && !/^(?:self|true|false)$/.test(tail) ? tail : undefined;
    functions.push({ file, name: match[1] as string, start: match.index, bodyStart, bodyEnd: bodyEnd + 1, returns });
  }
  return functions;
}
