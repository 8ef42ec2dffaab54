import type { RouteGraph } from '../../route-graph.js';
import type { SourceFile, Span } from '../../source/source-file.js';
import type { JsFunction } from './js-functions.js';
import { resolveJsModule } from './js-modules.js';
import { type JsProject, paramNode } from './js-project.js';

const CALLEE = /(?<![\w$.])([\w$]+)\s*\(/g;
const REQUIRE_CALL = /\brequire\(\s*(['"])([^'"]+)\1\s*\)\s*\(/g;
const NOT_CALLS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'require', 'import', 'super', 'typeof', 'await']);

/**
 * A router passed to a function (`registerUserRoutes(app)`, `require('./routes')(app)`) serves the
 * routes that function declares on its parameter: the parameter is mounted on the argument.
 */
export function mountRouterArguments(project: JsProject, graph: RouteGraph, file: SourceFile): void {
  for (const match of file.skeleton.matchAll(CALLEE)) {
    const name = match[1] as string;
    if (NOT_CALLS.has(name) || /\b(?:function\s*\*?|new)\s*$/.test(file.code.slice(Math.max(0, match.index - 12), match.index))) continue;
    const open = match.index + match[0].length - 1;
    if (isDefinition(file, open)) continue;
    const target = project.functionNamed(file, name);
    if (target) mountArguments(project, graph, file, file.args(open), target);
  }
  for (const match of file.code.matchAll(REQUIRE_CALL)) {
    const specifier = match[2] as string;
    const target = project.bindingTarget({ file: resolveJsModule(file.path, specifier, project.sources), specifier, name: 'default' }, 0);
    if (target?.kind === 'function') mountArguments(project, graph, file, file.args(match.index + match[0].length - 1), target);
  }
}

/** `name(app) {` or `name(app): void {` is a method being defined, not called. */
function isDefinition(file: SourceFile, open: number): boolean {
  const close = file.closing(open);
  if (close === undefined) return true;
  const after = file.skeleton.slice(file.skipSpace(close + 1), close + 80);
  return after.startsWith('{') || after.startsWith('=>') || /^:[^;,)]*\{/.test(after);
}

function mountArguments(project: JsProject, graph: RouteGraph, file: SourceFile, args: Span[], target: { file: SourceFile; fn: JsFunction }): void {
  args.forEach((arg, index) => {
    const param = target.fn.params[index];
    if (param && /^[\w$]+$/.test(arg.text)) graph.mount(project.nodeOf(file, arg.text, arg.start), paramNode(target.file, target.fn, param));
  });
}
