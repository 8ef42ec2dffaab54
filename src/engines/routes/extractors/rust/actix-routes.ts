import { joinPaths } from '../../path-pattern.js';
import { type RouteExtractor, httpMethod } from '../../route.js';
import { RouteGraph } from '../../route-graph.js';
import { chainBefore } from '../../source/member-chain.js';
import type { SourceFile, Span } from '../../source/source-file.js';
import { stringValue } from '../../source/string-value.js';
import { type PrefixScope, RustProject, functionNode, prefixAround } from './rust-project.js';

const MACRO = /#\[\s*(?:actix_web::)?(get|post|put|patch|delete|head|options|trace|route)\s*\(/g;
const AFTER_MACRO = /^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+(\w+)/;
const METHOD_BUILDER = /(?:\bweb::|(?<![\w.:]))(get|post|put|patch|delete|head|options|trace|route)\s*\(\s*\)/;

/**
 * Actix Web: `#[get("/users/{id}")]` handlers registered with `.service(…)`, `.route("/x", web::get().to(h))`,
 * `web::resource("/x").route(…)`, under `web::scope("/api")` and `.configure(config)` functions.
 */
export const actixExtractor: RouteExtractor = {
  label: 'Actix Web',
  async extract(sources) {
    const project = new RustProject(await sources.files(['rust']));
    const graph = new RouteGraph();
    for (const file of project.files) {
      const scopes = builderScopes(file, 'scope');
      const resources = builderScopes(file, 'resource');
      readMacroRoutes(graph, project, file);
      for (const match of file.skeleton.matchAll(/\.\s*(route|to|service|configure)\s*\(/g)) {
        const args = file.args(match.index + match[0].length - 1);
        const context = { graph, project, file, dot: match.index, args, prefix: joinPaths(...prefixAround(scopes, match.index)) };
        if (match[1] === 'route') readRoute(context, resources);
        else if (match[1] === 'to') readResourceTo(context);
        else mountRegistered(context);
      }
    }
    return graph.resolve();
  },
};

interface CallContext {
  graph: RouteGraph;
  project: RustProject;
  file: SourceFile;
  dot: number;
  args: Span[];
  prefix: string;
}

/** `web::scope("/api")` or `web::resource("/users/{id}")` with the builder calls chained onto it. */
function builderScopes(file: SourceFile, kind: 'scope' | 'resource'): PrefixScope[] {
  const scopes: PrefixScope[] = [];
  for (const match of file.skeleton.matchAll(new RegExp(`\\bweb::${kind}\\s*\\(`, 'g'))) {
    const open = match.index + match[0].length - 1;
    const prefix = stringValue(file, file.args(open)[0]?.text ?? '');
    if (prefix !== undefined) scopes.push({ start: match.index, end: file.expressionEnd((file.closing(open) ?? open) + 1), prefix });
  }
  return scopes;
}

function readMacroRoutes(graph: RouteGraph, project: RustProject, file: SourceFile): void {
  for (const match of file.skeleton.matchAll(MACRO)) {
    const open = match.index + match[0].length - 1;
    const args = file.args(open);
    const path = stringValue(file, args[0]?.text ?? '');
    const name = AFTER_MACRO.exec(file.code.slice(file.code.indexOf(']', file.closing(open) ?? open) + 1))?.[1];
    const fn = name && project.byName.get(name)?.find((candidate) => candidate.file === file && candidate.start > match.index);
    if (path === undefined || !fn) continue;
    const methods =
      match[1] === 'route'
        ? args.map((arg) => /^method\s*=\s*"(\w+)"/.exec(arg.text)?.[1]).filter((method): method is string => method !== undefined)
        : [match[1] as string];
    for (const method of methods) {
      const handler = { label: name, at: { file: file.path, offset: match.index } };
      graph.addRoute({ node: functionNode(fn), method: method.toUpperCase(), path, file: file.path, line: file.lineAt(match.index), handler });
    }
  }
}

/** `.route("/x", web::get().to(handler))`, or `.route(web::get().to(handler))` on a `web::resource`. */
function readRoute({ graph, project, file, dot, args, prefix }: CallContext, resources: PrefixScope[]): void {
  const path = args.length === 2 ? stringValue(file, args[0]?.text ?? '') : prefixAround(resources, dot).at(-1);
  const builder = args.at(-1);
  const method = builder && METHOD_BUILDER.exec(builder.text);
  const target = builder && /\.to\s*\(/.exec(builder.text);
  if (path === undefined || !builder || !method || !target) return;
  const handler = file.args(builder.start + target.index + target[0].length - 1)[0];
  if (!handler) return;
  const node = project.functionNodeAt(file, dot);
  const line = file.lineAt(dot);
  graph.addRoute({
    node,
    method: httpMethod(method[1] as string) ?? 'ANY',
    path: joinPaths(prefix, path),
    file: file.path,
    line,
    handler: project.handlerRef(file, handler),
  });
}

/** `web::resource("/x").to(handler)`: every method. */
function readResourceTo({ graph, project, file, dot, args, prefix }: CallContext): void {
  const resource = chainBefore(file, dot).links.find((link) => link.name === 'resource');
  const path = resource && stringValue(file, file.args(resource.open)[0]?.text ?? '');
  if (path === undefined || !args[0]) return;
  const node = project.functionNodeAt(file, dot);
  graph.addRoute({ node, method: 'ANY', path: joinPaths(prefix, path), file: file.path, line: file.lineAt(dot), handler: project.handlerRef(file, args[0]) });
}

/** `.service(get_user)` and `.configure(users::config)`: that function's routes serve under the scopes around. */
function mountRegistered({ graph, project, file, dot, args, prefix }: CallContext): void {
  const name = args.length === 1 && /^[\w:]+$/.test(args[0]?.text ?? '') ? (args[0] as Span).text : undefined;
  if (!name) return;
  const parent = project.functionNodeAt(file, dot);
  for (const fn of project.functionsAt(name)) graph.mount(parent, functionNode(fn), prefix);
}
