import { joinPaths } from '../../path-pattern.js';
import { type RouteExtractor, httpMethod } from '../../route.js';
import { RouteGraph } from '../../route-graph.js';
import { assignedName, chainBefore } from '../../source/member-chain.js';
import { type SourceFile, type Span, stringLiterals } from '../../source/source-file.js';
import { prefixValue, stringValue } from '../../source/string-value.js';
import { functionKey, functionsCalled } from './go-functions.js';
import { GoProject } from './go-project.js';
import { mountRouterParameters } from './router-parameters.js';

const CALL =
  /\.\s*(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Get|Post|Put|Patch|Delete|Head|Options|All|Handle|HandleFunc|Method|MethodFunc|Add|Match|Group|Route|Mount)\s*\(/g;

/** Gin, Echo, chi, Fiber (and net/http's ServeMux): routes on engines, groups and sub-routers. */
export const goExtractor: RouteExtractor = {
  label: 'Gin, Echo, chi, Fiber',
  async extract(sources) {
    const project = new GoProject(await sources.files(['go']));
    const graph = new RouteGraph();
    for (const file of project.files) {
      for (const match of file.skeleton.matchAll(CALL)) readCall(project, graph, file, match.index, match[1] as string);
      mountRouterParameters(project, graph, file);
    }
    return graph.resolve();
  },
};

function readCall(project: GoProject, graph: RouteGraph, file: SourceFile, dot: number, name: string): void {
  const chain = chainBefore(file, dot);
  if (!chain.root) return;
  const node = project.nodeOf(file, chain.root, chain.rootStart);
  // `r.Group("/api").GET(…)`, `r.With(auth).Get(…)`: groups in the chain add their prefixes.
  const chainPath = joinPaths(
    ...chain.links.filter((link) => link.name === 'Group').map((link) => stringValue(file, file.args(link.open)[0]?.text ?? '') ?? ''),
  );
  const args = file.args(file.skeleton.indexOf('(', dot));
  const value = (index: number) => stringValue(file, args[index]?.text ?? '');
  const declare = (method: string | undefined, path: string | undefined, handler: Span | undefined) => {
    if (!method || path === undefined || !handler || !(path.startsWith('/') || path === '')) return;
    const ref = project.handlerRef(file, handler);
    graph.addRoute({ node, method, path: joinPaths(chainPath, path), file: file.path, line: file.lineAt(dot), handler: ref });
  };
  if (name === 'Group' || name === 'Route') return mountGroup(project, graph, file, node, chain.rootStart, args, chainPath);
  if (name === 'Mount') return mountSubRouter(project, graph, file, node, args, joinPaths(chainPath, value(0) ?? ''));
  if (name === 'Method' || name === 'MethodFunc' || name === 'Add') return declare(value(0)?.toUpperCase(), value(1), args.at(-1));
  if (name === 'Match') {
    for (const method of stringLiterals(args[0]?.text ?? '')) declare(method.toUpperCase(), value(1), args.at(-1));
    return;
  }
  if (name === 'Handle' || name === 'HandleFunc') {
    // Gin's `Handle("GET", "/x", h)`; net/http's `HandleFunc("GET /x/{id}", h)`; chi's `Handle("/x", h)`.
    if (args.length >= 3 && httpMethod(value(0) ?? '')) return declare(value(0)?.toUpperCase(), value(1), args.at(-1));
    const target = value(0);
    const pattern = target === undefined ? undefined : /^(?:([A-Z]+)\s+)?(\S*)$/.exec(target);
    return declare(pattern?.[1] ?? 'ANY', pattern?.[2], args.at(-1));
  }
  if (args.length >= 2) declare(httpMethod(name), value(0), args.at(-1));
}

/** `api := r.Group("/api")`, chi's `r.Group(func(r chi.Router) {…})`, `r.Route("/users", func(r chi.Router) {…})`. */
function mountGroup(project: GoProject, graph: RouteGraph, file: SourceFile, parent: string, rootStart: number, args: Span[], chainPath: string): void {
  const prefix = prefixValue(file, args[0]?.text ?? '', project.files);
  const literal = args.map((arg) => project.literalAt(file, arg.start)).find((fn) => fn !== undefined);
  const param = literal?.params[0]?.name;
  if (literal && param) {
    graph.mount(parent, `${functionKey(literal)}#${param}`, joinPaths(chainPath, prefix ?? ''));
    return;
  }
  const assigned = assignedName(file, rootStart);
  if (assigned && prefix !== undefined) graph.mount(parent, project.nodeOf(file, assigned, rootStart), joinPaths(chainPath, prefix));
}

/** `r.Mount("/admin", adminRouter())`, `r.Mount("/users", users.Routes())`, `app.Mount("/api", api)`. */
function mountSubRouter(project: GoProject, graph: RouteGraph, file: SourceFile, parent: string, args: Span[], prefix: string): void {
  const child = args[1];
  if (!child) return;
  const call = /^(?:(\w+)\.)?(\w+)\s*\(/.exec(child.text);
  if (!call) {
    if (/^\w+$/.test(child.text)) graph.mount(parent, project.nodeOf(file, child.text, child.start), prefix);
    return;
  }
  for (const fn of functionsCalled(project.byName, call[2] as string, call[1])) {
    if (fn.returns) graph.mount(parent, `${functionKey(fn)}#${fn.returns}`, prefix);
  }
}
