import type { RouteExtractor } from '../../route.js';
import { RouteGraph } from '../../route-graph.js';
import { type SourceFile, stringLiterals } from '../../source/source-file.js';
import { prefixValue, stringValue } from '../../source/string-value.js';
import { PyProject } from './python-project.js';
import { decorators, keywordArg, positionalArgs } from './python-syntax.js';

const APP_OR_ROUTER = /^[ \t]*(\w+)\s*(?::\s*[\w.]+\s*)?=\s*(?:fastapi\.)?(?:APIRouter|FastAPI)\s*\(/gm;
const VERBS = 'get|post|put|patch|delete|head|options|trace|api_route';

/** FastAPI: `@router.get(…)` functions on `APIRouter(prefix=…)`s, included with `include_router(…, prefix=…)`. */
export const fastapiExtractor: RouteExtractor = {
  label: 'FastAPI',
  async extract(sources) {
    const project = new PyProject(await sources.files(['python']));
    const graph = new RouteGraph();
    // Flask's decorators look the same; its files are left to the Flask reader.
    for (const file of project.files.filter((candidate) => !/^\s*(?:from|import)\s+flask\b/m.test(candidate.code))) {
      for (const match of file.skeleton.matchAll(APP_OR_ROUTER)) {
        const args = file.args(match.index + match[0].length - 1);
        const prefix = prefixValue(file, keywordArg(args, 'prefix')?.text ?? '', project.files);
        if (prefix) graph.setOwnPrefix(project.nodeOf(file, match[1] as string), prefix);
      }
      readDecoratedRoutes(project, graph, file);
      readCalls(project, graph, file);
    }
    return graph.resolve();
  },
};

function readDecoratedRoutes(project: PyProject, graph: RouteGraph, file: SourceFile): void {
  for (const decorator of decorators(file, VERBS)) {
    const pathArg = positionalArgs(decorator.args)[0] ?? keywordArg(decorator.args, 'path');
    const path = stringValue(file, pathArg?.text ?? '');
    if (path === undefined) continue;
    const methods = decorator.verb === 'api_route' ? stringLiterals(keywordArg(decorator.args, 'methods')?.text ?? '"GET"') : [decorator.verb];
    const handler = { label: decorator.functionName ?? 'decorated function', at: { file: file.path, offset: decorator.start } };
    for (const method of methods) {
      graph.addRoute({
        node: project.nodeOf(file, decorator.receiver),
        method: method.toUpperCase(),
        path,
        file: file.path,
        line: file.lineAt(decorator.start),
        handler,
      });
    }
  }
}

/** `app.include_router(users.router, prefix="/api")`, `app.mount("/v2", v2_app)`, `router.add_api_route("/x", handler)`. */
function readCalls(project: PyProject, graph: RouteGraph, file: SourceFile): void {
  for (const match of file.skeleton.matchAll(/\b([\w.]+)\s*\.\s*(include_router|mount|add_api_route)\s*\(/g)) {
    const parent = project.nodeOf(file, match[1] as string);
    const args = file.args(match.index + match[0].length - 1);
    const positional = positionalArgs(args);
    if (match[2] === 'include_router') {
      const child = positional[0] ?? keywordArg(args, 'router');
      const prefix = prefixValue(file, keywordArg(args, 'prefix')?.text ?? '', project.files) ?? '';
      if (child) graph.mount(parent, project.nodeOf(file, child.text), prefix);
    } else if (match[2] === 'mount') {
      const prefix = stringValue(file, positional[0]?.text ?? '');
      const child = positional[1] ?? keywordArg(args, 'app');
      if (child && prefix !== undefined) graph.mount(parent, project.nodeOf(file, child.text), prefix);
    } else {
      const path = stringValue(file, positional[0]?.text ?? '');
      const endpoint = (positional[1] ?? keywordArg(args, 'endpoint'))?.text;
      const methods = stringLiterals(keywordArg(args, 'methods')?.text ?? '"GET"');
      if (path === undefined || !endpoint) continue;
      const target = project.nameOf(file, endpoint);
      const handler = { label: endpoint, name: target?.name ?? endpoint, hints: target ? [target.file] : [] };
      for (const method of methods) {
        graph.addRoute({ node: parent, method: method.toUpperCase(), path, file: file.path, line: file.lineAt(match.index), handler });
      }
    }
  }
}
