import { joinPaths } from '../../path-pattern.js';
import { type RouteExtractor, httpMethod } from '../../route.js';
import { RouteGraph } from '../../route-graph.js';
import { type MemberChain, assignedName, chainBefore } from '../../source/member-chain.js';
import { type SourceFile, type Span, stringLiterals } from '../../source/source-file.js';
import { stringValue } from '../../source/string-value.js';
import { fastifyAutoloadMounts, isAutoload } from './fastify-autoload.js';
import { jsHandlerRef, objectProperties } from './js-handler-ref.js';
import { JsProject } from './js-project.js';
import { mountRouterArguments } from './router-arguments.js';

const CALL = /\.\s*(get|post|put|patch|delete|del|head|options|all|use|route|register|on|basePath|prefix)\s*\(/g;
/** HTTP clients and test agents whose `.get('/x', …)` is a request, not a route. */
const CLIENTS = /^(?:axios|request|supertest|agent|superagent|got|ky|fetch|\$http|this\.http|http|https|cy|client)(?:\(\))?$/;
/** A chain that starts by making a router (`Router().use(…)`, `express.Router().get(…)`) builds the variable it is assigned to. */
const FACTORY = /^new |\)$/;
const FACTORY_CALL = /^(?:Router|createRouter|[A-Z]\w*)$/;
/** Front-end code: its `api.get('/users', config)` calls are requests. */
const CLIENT_IMPORT = /\b(?:from|require\()\s*['"](?:react|react-dom|vue|@angular\/core|svelte|axios|ky)['"]/;
const SERVER_IMPORT = /\b(?:from|require\()\s*['"](?:express|koa|@koa\/router|koa-router|hono|fastify)['"]/;
const ROUTER_WITH_PREFIX = /([\w$]+)\s*=\s*new\s+[\w$.]*Router\s*\(\s*\{[^}]*?\bprefix\s*:\s*(['"`])([^'"`]*)\2/g;

/** Express, Koa (@koa/router), Hono and Fastify: routes on routers and apps, mounted across files. */
export const jsRouterExtractor: RouteExtractor = {
  label: 'Express, Koa, Hono, Fastify',
  async extract(sources) {
    const files = await sources.files(['js']);
    const project = new JsProject(
      files.filter((file) => !CLIENT_IMPORT.test(file.code) || SERVER_IMPORT.test(file.code)),
      sources,
    );
    const graph = new RouteGraph();
    for (const file of project.files) {
      for (const match of file.skeleton.matchAll(CALL)) readCall(project, graph, file, match.index, match[1] as string);
      for (const match of file.code.matchAll(ROUTER_WITH_PREFIX)) {
        graph.setOwnPrefix(project.nodeOf(file, match[1] as string, match.index), match[3] as string);
      }
      mountRouterArguments(project, graph, file);
    }
    return graph.resolve();
  },
};

interface Call {
  file: SourceFile;
  node: string;
  chain: MemberChain;
  args: Span[];
  /** The path that chain links such as `.route('/users')` or `.basePath('/api')` put in front. */
  chainPath: string;
  line: number;
}

function readCall(project: JsProject, graph: RouteGraph, file: SourceFile, dot: number, name: string): void {
  const chain = chainBefore(file, dot);
  if (!chain.root || CLIENTS.test(chain.root)) return;
  const node = receiverNode(project, file, chain);
  if (!node) return;
  const open = file.skeleton.indexOf('(', dot);
  const call: Call = { file, node, chain, args: file.args(open), chainPath: chainPath(file, chain), line: file.lineAt(dot) };
  const method = httpMethod(name);
  if (method) return declareMethodRoute(project, graph, call, method);
  if (name === 'on') return declareOnRoute(project, graph, call);
  if (name === 'use') return mountUse(project, graph, call);
  if (name === 'route') return readRouteCall(project, graph, call);
  if (name === 'register') return mountRegister(project, graph, call);
  const path = call.args.length === 1 ? stringValue(file, call.args[0]?.text ?? '') : undefined;
  if (path === undefined) return;
  if (name === 'prefix') return graph.setOwnPrefix(node, path);
  // basePath: `new Hono().basePath('/api')` gives the new app a prefix; `app.basePath('/api')` a sub-app.
  const assigned = assignedName(file, chain.rootStart);
  if (!assigned) return;
  if (FACTORY.test(chain.root)) graph.setOwnPrefix(node, path);
  else graph.mount(node, `${file.path}#${assigned}`, path);
}

function receiverNode(project: JsProject, file: SourceFile, chain: MemberChain): string | undefined {
  if (FACTORY.test(chain.root) || FACTORY_CALL.test(chain.links[0]?.name ?? '')) {
    const assigned = assignedName(file, chain.rootStart);
    return assigned && `${file.path}#${assigned}`;
  }
  return chain.root.includes('.') ? `${file.path}#${chain.root}` : project.nodeOf(file, chain.root, chain.rootStart);
}

function chainPath(file: SourceFile, chain: MemberChain): string {
  const parts = chain.links
    .filter((link) => link.name === 'route' || link.name === 'basePath')
    .map((link) => file.args(link.open))
    .filter((args) => args.length === 1)
    .map((args) => stringValue(file, (args[0] as Span).text) ?? '');
  return joinPaths(...parts);
}

function isRoutePath(path: string | undefined): path is string {
  return path !== undefined && (path.startsWith('/') || path === '*');
}

function declareMethodRoute(project: JsProject, graph: RouteGraph, call: Call, method: string): void {
  const { file, args } = call;
  // Express `router.route('/users/:id').get(handler)`: the path came with the chain.
  if (call.chain.links.some((link) => link.name === 'route')) return declare(project, graph, call, [method], '', args);
  const first = stringValue(file, args[0]?.text ?? '');
  const second = stringValue(file, args[1]?.text ?? '');
  // Koa named routes: `router.get('user', '/users/:id', handler)`.
  if (!isRoutePath(first) && isRoutePath(second)) return declare(project, graph, call, [method], second, args.slice(2));
  if (isRoutePath(first)) declare(project, graph, call, [method], first, args.slice(1));
}

function declareOnRoute(project: JsProject, graph: RouteGraph, call: Call): void {
  const methods = stringLiterals(call.args[0]?.text ?? '').map((word) => httpMethod(word) ?? word.toUpperCase());
  const path = stringValue(call.file, call.args[1]?.text ?? '');
  if (methods.length > 0 && isRoutePath(path)) declare(project, graph, call, methods, path, call.args.slice(2));
}

function declare(project: JsProject, graph: RouteGraph, call: Call, methods: string[], path: string, handlers: Span[]): void {
  let handler = handlers.at(-1);
  // Fastify: `fastify.get('/x', { schema, handler })`; an options object without a handler is no route.
  if (handler?.text.startsWith('{')) handler = objectProperties(call.file, handler).get('handler');
  if (!handler) return;
  const ref = jsHandlerRef(project, call.file, handler);
  for (const method of methods) {
    graph.addRoute({ node: call.node, method, path: joinPaths(call.chainPath, path), file: call.file.path, line: call.line, handler: ref });
  }
}

function mountUse(project: JsProject, graph: RouteGraph, call: Call): void {
  const prefix = call.args[0] && stringValue(call.file, call.args[0].text);
  const children = prefix === undefined ? call.args : call.args.slice(1);
  for (const child of children) {
    const node = project.childNode(call.file, child.text, child.start);
    if (node) graph.mount(call.node, node, joinPaths(call.chainPath, prefix ?? ''));
  }
}

function readRouteCall(project: JsProject, graph: RouteGraph, call: Call): void {
  const [first, second] = call.args;
  if (!first) return;
  if (first.text.startsWith('{') && call.args.length === 1) {
    // Fastify: `fastify.route({ method: ['GET', 'HEAD'], url: '/x', handler })`.
    const props = objectProperties(call.file, first);
    const path = stringValue(call.file, (props.get('url') ?? props.get('path'))?.text ?? '');
    const methods = stringLiterals(props.get('method')?.text ?? '').map((word) => word.toUpperCase());
    const handler = props.get('handler');
    if (isRoutePath(path) && handler) declare(project, graph, call, methods, path, [handler]);
    return;
  }
  // Hono: `app.route('/users', users)`.
  const path = stringValue(call.file, first.text);
  const node = second && path !== undefined ? project.childNode(call.file, second.text, second.start) : undefined;
  if (node) graph.mount(call.node, node, joinPaths(call.chainPath, path ?? ''));
}

function mountRegister(project: JsProject, graph: RouteGraph, call: Call): void {
  const [plugin, options] = call.args;
  if (!plugin) return;
  if (isAutoload(project, call.file, plugin.text)) return fastifyAutoloadMounts(project, graph, call.file, call.node, options);
  const prefix = options && /\bprefix\s*:\s*(['"`])(.*?)\1/.exec(options.text)?.[2];
  const node = project.childNode(call.file, plugin.text, plugin.start);
  if (node) graph.mount(call.node, node, prefix ?? '');
}
