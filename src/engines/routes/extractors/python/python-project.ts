import path from 'node:path';
import type { SourceFile } from '../../source/source-file.js';

/** What a local name was imported as: a module, or an attribute of one. */
interface PyBinding {
  module: string;
  attr?: string;
}

/** A module-level name: the file and the variable, function or class. */
export interface PyName {
  file: string;
  name: string;
}

const FROM_IMPORT = /^[ \t]*from\s+([.\w]+)\s+import\s+(\([^)]*\)|[^\n]+)/gm;
const IMPORT = /^[ \t]*import\s+([\w.]+)(?:\s+as\s+(\w+))?/gm;
const MAX_DEPTH = 4;

/** The Python files of a project and what their imported names stand for. */
export class PyProject {
  readonly byPath: Map<string, SourceFile>;
  private readonly importCache = new Map<string, Map<string, PyBinding>>();
  /** Files by every tail of their path (`c.py`, `b/c.py`, `a/b/c.py`), for absolute imports from any source root. */
  private readonly byTail = new Map<string, string[]>();

  constructor(readonly files: SourceFile[]) {
    this.byPath = new Map(files.map((file) => [file.path, file]));
    for (const file of files) {
      const parts = file.path.split('/');
      for (let i = 0; i < parts.length; i++) {
        const tail = parts.slice(i).join('/');
        this.byTail.set(tail, [...(this.byTail.get(tail) ?? []), file.path]);
      }
    }
  }

  /** `app.routers.users`, `.users` or `..api` from a file, as a project file (a module or a package's `__init__.py`). */
  resolveModule(from: string, dotted: string): string | undefined {
    const dots = /^\.*/.exec(dotted)?.[0].length ?? 0;
    const rest = dotted.slice(dots).split('.').filter(Boolean).join('/');
    if (dots > 0) {
      let base = path.posix.dirname(from);
      for (let i = 1; i < dots; i++) base = path.posix.dirname(base);
      const stem = rest ? path.posix.join(base, rest) : base;
      return [`${stem}.py`, `${stem}/__init__.py`].map((candidate) => candidate.replace(/^\.\//, '')).find((candidate) => this.byPath.has(candidate));
    }
    return [`${rest}.py`, `${rest}/__init__.py`].flatMap((candidate) => this.byTail.get(candidate) ?? []).sort((a, b) => a.length - b.length)[0];
  }

  imports(file: SourceFile): Map<string, PyBinding> {
    const cached = this.importCache.get(file.path);
    if (cached) return cached;
    const bindings = new Map<string, PyBinding>();
    for (const match of file.code.matchAll(FROM_IMPORT)) {
      const from = match[1] as string;
      for (const item of (match[2] as string).replace(/[()\\]/g, '').split(',')) {
        const [name, local] = item.trim().split(/\s+as\s+/);
        if (!name || name === '*') continue;
        const submodule = this.resolveModule(file.path, from.endsWith('.') ? from + name : `${from}.${name}`);
        const module = submodule ?? this.resolveModule(file.path, from);
        if (module) bindings.set(local ?? name, submodule ? { module } : { module, attr: name });
      }
    }
    for (const match of file.code.matchAll(IMPORT)) {
      const module = this.resolveModule(file.path, match[1] as string);
      if (module) bindings.set(match[2] ?? (match[1] as string), { module });
    }
    this.importCache.set(file.path, bindings);
    return bindings;
  }

  /** The module-level name an expression stands for: `router`, `users_router` (imported), `users.router`, `views.UserView`. */
  nameOf(file: SourceFile, expression: string, depth = 0): PyName | undefined {
    const parts = expression.trim().split('.');
    const binding = this.imports(file).get(parts[0] as string);
    if (!binding) return parts.length === 1 ? { file: file.path, name: parts[0] as string } : undefined;
    const name = binding.attr ? binding.attr : parts[1];
    if (!name || (binding.attr && parts.length > 1)) return undefined;
    const target = this.byPath.get(binding.module);
    // A name a package's __init__.py imports from elsewhere lives there.
    const reexported = target && depth < MAX_DEPTH && this.imports(target).has(name) ? this.nameOf(target, name, depth + 1) : undefined;
    return reexported ?? { file: binding.module, name };
  }

  /** The module an expression names: an imported module, or a submodule of an imported package (`api.urls`). */
  moduleOf(file: SourceFile, expression: string): string | undefined {
    const [first, ...rest] = expression.trim().split('.');
    const binding = this.imports(file).get(first as string);
    if (!binding || binding.attr) return undefined;
    if (rest.length === 0) return binding.module;
    if (!binding.module.endsWith('__init__.py')) return undefined;
    const submodule = `${path.posix.dirname(binding.module)}/${rest.join('/')}.py`;
    return this.byPath.has(submodule) ? submodule : undefined;
  }

  /** The graph node of a router expression. */
  nodeOf(file: SourceFile, expression: string): string {
    const named = this.nameOf(file, expression);
    return named ? `${named.file}#${named.name}` : `${file.path}#${expression.trim()}`;
  }
}
