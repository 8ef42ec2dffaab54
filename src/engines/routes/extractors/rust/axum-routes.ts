import { joinPaths } from '../../path-pattern.js';
import { type RouteExtractor, httpMethod } from '../../route.js';
import { RouteGraph } from '../../route-graph.js';
import type { SourceFile, Span } from '../../source/source-file.js';
import { stringValue } from '../../source/string-value.js';
import { type PrefixScope, RustProject, prefixAround } from './rust-project.js';

const METHOD_ROUTER = /(?:^|[.\s(:])(get|post|put|patch|delete|head|options|trace|any)(?:_service)?\s*\(/g;

/** axum: `Router::new().route("/users/{id}", get(get_user).delete(delete_user))`, `.nest("/api", …)`, `.merge(…)`. */
export const axumExtractor: RouteExtractor = {
  label: 'axum',
  async extract(sources) {
    const project = new RustProject(await sources.files(['rust']));
    const graph = new RouteGraph();
    for (const file of project.files) {
      const scopes = inlineNests(file);
      for (const match of file.skeleton.matchAll(/\.\s*(route|nest|merge)\s*\(/g)) {
        const args = file.args(match.index + match[0].length - 1);
        const prefix = joinPaths(...prefixAround(scopes, match.index));
        const node = project.nodeAt(file, match.index);
        if (match[1] === 'route') {
          const path = stringValue(file, args[0]?.text ?? '');
          if (path === undefined || !args[1]) continue;
          for (const { method, handler } of methodHandlers(file, args[1])) {
            const ref = project.handlerRef(file, handler);
            graph.addRoute({ node, method, path: joinPaths(prefix, path), file: file.path, line: file.lineAt(match.index), handler: ref });
          }
          continue;
        }
        const [child, childPrefix] = match[1] === 'nest' ? [args[1], stringValue(file, args[0]?.text ?? '')] : [args[0], ''];
        if (!child || childPrefix === undefined || child.text.includes('Router::new')) continue;
        const call = /^([\w:]+)\s*(?:::<[^>]*>)?\s*\(/.exec(child.text);
        if (call) {
          for (const fn of project.functionsAt(call[1] as string)) graph.mount(node, project.returnedNode(fn), joinPaths(prefix, childPrefix));
        } else if (/^\w+$/.test(child.text)) {
          graph.mount(node, `${project.functionNodeAt(file, match.index)}#${child.text}`, joinPaths(prefix, childPrefix));
        }
      }
    }
    return graph.resolve();
  },
};

/** `.nest("/api", Router::new()…)`: the routes built inside get the prefix. */
function inlineNests(file: SourceFile): PrefixScope[] {
  const scopes: PrefixScope[] = [];
  for (const match of file.skeleton.matchAll(/\.\s*nest\s*\(/g)) {
    const [prefixArg, child] = file.args(match.index + match[0].length - 1);
    const prefix = stringValue(file, prefixArg?.text ?? '');
    if (child?.text.includes('Router::new') && prefix !== undefined) scopes.push({ start: child.start, end: child.end, prefix });
  }
  return scopes;
}

/** `get(list).post(create)`, `axum::routing::get(h)`, `on(MethodFilter::GET, h)`: each method and its handler. */
function methodHandlers(file: SourceFile, router: Span): Array<{ method: string; handler: Span }> {
  const found: Array<{ method: string; handler: Span }> = [];
  for (const match of router.text.matchAll(METHOD_ROUTER)) {
    const open = router.start + match.index + match[0].length - 1;
    const handler = file.args(open)[0];
    if (handler && depthAt(file, router.start, open) === 0) found.push({ method: httpMethod(match[1] as string) ?? 'ANY', handler });
  }
  for (const match of router.text.matchAll(/\bon\s*\(\s*MethodFilter::(\w+)\s*,/g)) {
    const handler = file.args(router.start + match.index + match[0].indexOf('('))[1];
    if (handler) found.push({ method: (match[1] as string).toUpperCase(), handler });
  }
  return found;
}

function depthAt(file: SourceFile, from: number, to: number): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const c = file.skeleton[i] as string;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
  }
  return depth;
}
