import type { SourceFile } from '../../source/source-file.js';
import type { SourceSet } from '../../source/source-set.js';
import { type JsFunction, functionAt, functionWithParam, jsFunctions } from './js-functions.js';
import { type JsBinding, findExport, jsImports, resolveJsModule } from './js-modules.js';

/** A module-level value a name leads to: a router variable (as a graph node), or a function. */
export type JsTarget = { kind: 'node'; node: string } | { kind: 'function'; file: SourceFile; fn: JsFunction };

const MAX_DEPTH = 8;

/** The JavaScript/TypeScript files of a project, and which router each name or expression stands for. */
export class JsProject {
  private readonly byPath: Map<string, SourceFile>;
  private readonly functionCache = new Map<string, JsFunction[]>();
  private readonly importCache = new Map<string, Map<string, JsBinding>>();
  private readonly exportCache = new Map<string, JsTarget | undefined>();

  constructor(
    readonly files: SourceFile[],
    readonly sources: SourceSet,
  ) {
    this.byPath = new Map(files.map((file) => [file.path, file]));
  }

  functions(file: SourceFile): JsFunction[] {
    let functions = this.functionCache.get(file.path);
    if (!functions) this.functionCache.set(file.path, (functions = jsFunctions(file)));
    return functions;
  }

  imports(file: SourceFile): Map<string, JsBinding> {
    let imports = this.importCache.get(file.path);
    if (!imports) this.importCache.set(file.path, (imports = jsImports(file, this.sources)));
    return imports;
  }

  /** The router a receiver stands for: a parameter of an enclosing function, an imported router, or the file's own. */
  nodeOf(file: SourceFile, name: string, offset: number): string {
    const fn = functionWithParam(this.functions(file), offset, name);
    if (fn) return paramNode(file, fn, name);
    const binding = this.imports(file).get(name);
    const target = binding && this.bindingTarget(binding, 0);
    return target?.kind === 'node' ? target.node : `${file.path}#${name}`;
  }

  /** The router that an argument of use/route/register stands for (`users`, `require('./x')`, `users.routes()`, a plugin). */
  childNode(file: SourceFile, text: string, offset: number, depth = 0): string | undefined {
    const trimmed = text.trim();
    if (depth > MAX_DEPTH) return undefined;
    const fn = /^(?:async\b|function\b|\()/.test(trimmed) ? functionAt(this.functions(file), offset) : undefined;
    if (fn) return fn.params[0] ? paramNode(file, fn, fn.params[0]) : undefined;
    const koa = /^([\s\S]*?)\s*\.\s*(?:routes|middleware)\(\s*\)$/.exec(trimmed);
    if (koa) return this.childNode(file, koa[1] as string, offset, depth + 1);
    const required = /^require\(\s*(['"])([^'"]+)\1\s*\)(?:\.([\w$]+))?$/.exec(trimmed);
    if (required) {
      const specifier = required[2] as string;
      const binding = { file: resolveJsModule(file.path, specifier, this.sources), specifier, name: required[3] ?? 'default' };
      return referenceNode(this.bindingTarget(binding, depth));
    }
    if (/^[\w$]+$/.test(trimmed)) {
      const param = functionWithParam(this.functions(file), offset, trimmed);
      return param ? paramNode(file, param, trimmed) : referenceNode(this.localTarget(file, trimmed, depth));
    }
    const member = /^([\w$]+)\.([\w$]+)$/.exec(trimmed);
    const namespace = member && this.imports(file).get(member[1] as string);
    if (member && namespace?.file) return referenceNode(this.bindingTarget({ ...namespace, name: member[2] as string }, depth));
    if (member) return `${file.path}#${trimmed}`;
    const call = /^([\w$]+)\s*(?:<[^>]*>)?\(/.exec(trimmed);
    if (!call) return undefined;
    const target = this.localTarget(file, call[1] as string, depth);
    if (target.kind === 'function') return returnedNode(target.file, target.fn);
    // A wrapper such as fastify-plugin's `fp(plugin)`: the router is its last argument.
    const last = file.args(offset + call[0].length - 1).at(-1);
    return last && this.childNode(file, last.text, last.start, depth + 1);
  }

  /** The router a module exports under a name (a plugin function's first parameter, or a router variable). */
  exportedNode(path: string, name: string): string | undefined {
    return referenceNode(this.bindingTarget({ file: path, specifier: path, name }, 0));
  }

  /** The file that defines a name used in `file` (following imports and re-exports), for handler lookup. */
  definitionFile(file: SourceFile, name: string): string | undefined {
    let binding = this.imports(file).get(name);
    for (let depth = 0; binding?.file && depth < MAX_DEPTH; depth++) {
      const source = this.byPath.get(binding.file);
      const exported = source && binding.name !== '*' ? findExport(source, binding.name, this.sources) : undefined;
      if (exported?.kind !== 'reexport') return binding.file;
      binding = exported.binding;
    }
    return undefined;
  }

  /** A function that a name in `file` stands for (declared there or imported), with the file it is in. */
  functionNamed(file: SourceFile, name: string): { file: SourceFile; fn: JsFunction } | undefined {
    const target = this.localTarget(file, name, 0);
    return target.kind === 'function' ? target : undefined;
  }

  bindingTarget(binding: JsBinding, depth: number): JsTarget | undefined {
    const file = binding.file && this.byPath.get(binding.file);
    if (!file || depth > MAX_DEPTH || binding.name === '*') return undefined;
    const key = `${file.path}|${binding.name}`;
    if (this.exportCache.has(key)) return this.exportCache.get(key);
    const exported = findExport(file, binding.name, this.sources);
    let target: JsTarget | undefined;
    if (exported?.kind === 'local') target = this.localTarget(file, exported.name, depth + 1);
    else if (exported?.kind === 'reexport') target = this.bindingTarget(exported.binding, depth + 1);
    else if (exported?.kind === 'expression') target = this.expressionTarget(file, exported.offset, binding.name, depth + 1);
    this.exportCache.set(key, target);
    return target;
  }

  private localTarget(file: SourceFile, name: string, depth: number): JsTarget {
    const fn = this.functions(file).find((candidate) => candidate.name === name);
    if (fn) return { kind: 'function', file, fn };
    const binding = this.imports(file).get(name);
    return (binding && this.bindingTarget(binding, depth + 1)) ?? { kind: 'node', node: `${file.path}#${name}` };
  }

  private expressionTarget(file: SourceFile, offset: number, exportName: string, depth: number): JsTarget | undefined {
    const fn = functionAt(this.functions(file), offset);
    if (fn) return { kind: 'function', file, fn };
    const text = file.code.slice(offset, offset + 200);
    const call = /^([\w$]+)\s*\(/.exec(text);
    const callEnd = call ? file.closing(offset + call[0].length - 1) : undefined;
    // `export default new Hono()…` or `export default Router().use('/api', api)`: a router built on the spot.
    if (/^new\s/.test(text) || (callEnd !== undefined && file.skeleton[file.skipSpace(callEnd + 1)] === '.')) {
      return { kind: 'node', node: `${file.path}#${exportName}` };
    }
    if (!call) return undefined;
    const callee = this.localTarget(file, call[1] as string, depth);
    if (callee.kind === 'function') {
      const node = returnedNode(callee.file, callee.fn);
      return node ? { kind: 'node', node } : undefined;
    }
    const last = file.args(offset + call[0].length - 1).at(-1);
    return last && this.expressionTarget(file, last.start, exportName, depth + 1);
  }
}

export function paramNode(file: SourceFile, fn: JsFunction, param: string): string {
  return `${file.path}@${fn.bodyStart}#${param}`;
}

/** Passed by reference (a Fastify plugin, `module.exports = function (app) {…}`): its first parameter. */
function referenceNode(target: JsTarget | undefined): string | undefined {
  if (target?.kind !== 'function') return target?.node;
  const first = target.fn.params[0];
  return first ? paramNode(target.file, target.fn, first) : returnedNode(target.file, target.fn);
}

/** Called (`buildRouter()`): the router it returns. */
function returnedNode(file: SourceFile, fn: JsFunction): string | undefined {
  if (!fn.returns) return undefined;
  return fn.params.includes(fn.returns) ? paramNode(file, fn, fn.returns) : `${file.path}#${fn.returns}`;
}
