import type { RouteGraph } from '../../route-graph.js';
import type { SourceFile } from '../../source/source-file.js';
import { prefixValue } from '../../source/string-value.js';
import { functionKey, functionsCalled } from './go-functions.js';
import type { GoProject } from './go-project.js';

const CALL = /(?:\b(\w+)\s*\.\s*)?\b([A-Za-z_]\w*)\s*\(/g;
const ROUTER_TYPE = /\b(?:gin|echo|chi|fiber|mux|http)\.|Router|Engine|Group|\bApp\b|ServeMux/;

/**
 * A router passed to a function (`routes.RegisterUserRoutes(api)`, `h.Register(v1)`) serves the routes
 * that function declares on its router-typed parameter: that parameter is mounted on the argument.
 */
export function mountRouterParameters(project: GoProject, graph: RouteGraph, file: SourceFile): void {
  for (const match of file.skeleton.matchAll(CALL)) {
    const candidates = functionsCalled(project.byName, match[2] as string, match[1]);
    if (candidates.length === 0 || /\bfunc\s*(?:\([^)]*\)\s*)?$/.test(file.skeleton.slice(Math.max(0, match.index - 80), match.index))) continue;
    const args = file.args(match.index + match[0].length - 1);
    for (const fn of candidates) {
      fn.params.forEach((param, index) => {
        const arg = args[index];
        if (!arg || !ROUTER_TYPE.test(param.type)) return;
        // `users.Register(v1)`, or a group made on the spot: `users.Register(v1.Group("/users"))`.
        const group = /^(\w+)\s*\.\s*Group\s*\(/.exec(arg.text);
        const router = group ? group[1] : /^\w+$/.test(arg.text) ? arg.text : undefined;
        if (!router) return;
        const prefix = group ? prefixValue(file, file.args(arg.start + group[0].length - 1)[0]?.text ?? '', project.files) : '';
        graph.mount(project.nodeOf(file, router, arg.start), `${functionKey(fn)}#${param.name}`, prefix ?? '');
      });
    }
  }
}
