import { joinPaths } from '../../path-pattern.js';
import type { RouteExtractor } from '../../route.js';
import { RouteGraph } from '../../route-graph.js';
import type { SourceFile, Span } from '../../source/source-file.js';
import { stringValue } from '../../source/string-value.js';
import { viewRoutes, viewSetRoutes } from './django-views.js';
import { PyProject } from './python-project.js';

const URL_CALL = /(?<![\w.])(path|re_path|url)\s*\(/g;
const DRF_ROUTER = /^[ \t]*(\w+)\s*=\s*(?:routers\.)?(?:Default|Simple)Router\s*\(/gm;

/** Django: `path()`/`re_path()` in urls modules, `include()`d under prefixes; Django REST framework routers. */
export const djangoExtractor: RouteExtractor = {
  label: 'Django',
  async extract(sources) {
    const project = new PyProject(await sources.files(['python']));
    const graph = new RouteGraph();
    for (const file of project.files.filter((candidate) => /\burlpatterns\b|Router\s*\(/.test(candidate.code))) {
      readUrlPatterns(project, graph, file);
      readRouters(project, graph, file);
    }
    return graph.resolve();
  },
};

function readUrlPatterns(project: PyProject, graph: RouteGraph, file: SourceFile): void {
  for (const match of file.skeleton.matchAll(URL_CALL)) {
    const [routeArg, view] = file.args(match.index + match[0].length - 1);
    const route = stringValue(file, routeArg?.text ?? '');
    if (route === undefined || !view) continue;
    const pattern = match[1] === 'path' ? route : regexToPath(route);
    // `admin.site.urls` and the like: URL lists from outside the project.
    if (/^include\s*\(|\.urls$/.test(view.text)) {
      const child = /^include/.test(view.text) ? includedNode(project, file, view) : project.moduleOf(file, view.text);
      if (child) graph.mount(file.path, child, pattern);
      continue;
    }
    for (const { method, suffix, handler } of viewRoutes(project, file, view)) {
      graph.addRoute({ node: file.path, method, path: joinPaths(pattern, suffix), file: file.path, line: file.lineAt(match.index), handler });
    }
  }
}

/** `include('users.urls')`, `include(users_urls)`, `include((patterns, 'app'))`, `include(router.urls)`. */
function includedNode(project: PyProject, file: SourceFile, view: Span): string | undefined {
  let target = file.args(view.start + view.text.indexOf('('))[0];
  if (target?.text.startsWith('(')) target = file.args(target.start)[0];
  if (!target) return undefined;
  const module = stringValue(file, target.text);
  if (module !== undefined) return project.resolveModule(file.path, module);
  const router = /^([\w.]+)\.urls$/.exec(target.text);
  if (router) return project.moduleOf(file, target.text) ?? project.nodeOf(file, router[1] as string);
  return project.moduleOf(file, target.text);
}

function readRouters(project: PyProject, graph: RouteGraph, file: SourceFile): void {
  for (const router of file.code.matchAll(DRF_ROUTER)) {
    const name = router[1] as string;
    const node = project.nodeOf(file, name);
    for (const register of file.skeleton.matchAll(new RegExp(`\\b${name}\\s*\\.\\s*register\\s*\\(`, 'g'))) {
      const [prefixArg, viewSet] = file.args(register.index + register[0].length - 1);
      const prefix = stringValue(file, prefixArg?.text ?? '');
      if (prefix === undefined || !viewSet) continue;
      for (const { method, suffix, handler } of viewSetRoutes(project, file, viewSet.text)) {
        graph.addRoute({ node, method, path: joinPaths(`${prefix}/`, suffix), file: file.path, line: file.lineAt(register.index), handler });
      }
    }
    // `urlpatterns += router.urls` or `urlpatterns = [...] + router.urls`
    if (new RegExp(`\\+=?\\s*${name}\\.urls\\b`).test(file.code)) graph.mount(file.path, node);
  }
}

/** `^users/(?P<pk>[0-9]+)/$` → `users/<pk>/`; other groups become parameters too. */
function regexToPath(regex: string): string {
  let path = regex
    .replace(/^\^/, '')
    .replace(/\$$/, '')
    .replace(/\\[AZ]/g, '');
  for (let open = path.indexOf('('); open >= 0; open = path.indexOf('(')) {
    const close = groupEnd(path, open);
    const name = /^\(\?P<(\w+)>/.exec(path.slice(open))?.[1] ?? 'param';
    path = `${path.slice(0, open)}<${name}>${path.slice(close + 1)}`;
  }
  // Unescape, make `.*` a catch-all, and drop optional slashes (`feed/?`).
  return path
    .replace(/\\([./-])/g, '$1')
    .replace(/\.[*+]\??/g, '*')
    .replace(/\/\?/g, '/');
}

function groupEnd(regex: string, open: number): number {
  let depth = 0;
  for (let i = open; i < regex.length; i++) {
    if (regex[i] === '\\') i++;
    else if (regex[i] === '(') depth++;
    else if (regex[i] === ')' && --depth === 0) return i;
  }
  return regex.length - 1;
}
