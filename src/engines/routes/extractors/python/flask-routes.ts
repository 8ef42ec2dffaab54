import type { HandlerRef, RouteExtractor } from '../../route.js';
import { RouteGraph } from '../../route-graph.js';
import { type SourceFile, type Span, stringLiterals } from '../../source/source-file.js';
import { prefixValue, stringValue } from '../../source/string-value.js';
import { PyProject } from './python-project.js';
import { VIEW_METHODS, decorators, keywordArg, positionalArgs, pythonClass } from './python-syntax.js';

const BLUEPRINT = /^[ \t]*(\w+)\s*=\s*(?:flask\.)?Blueprint\s*\(/gm;
const RESTFUL_API = /^[ \t]*(\w+)\s*=\s*(?:flask_restful\.)?Api\s*\(\s*([\w.]+)/gm;
const CALLS = /\b([\w.]+)\s*\.\s*(register_blueprint|add_url_rule|add_resource)\s*\(/g;

/** Flask: `@bp.route(…)` views on blueprints with `url_prefix`, `register_blueprint`, `add_url_rule`, Flask-RESTful resources. */
export const flaskExtractor: RouteExtractor = {
  label: 'Flask',
  async extract(sources) {
    const project = new PyProject(await sources.files(['python']));
    const graph = new RouteGraph();
    // FastAPI's decorators look the same; its files are left to the FastAPI reader.
    for (const file of project.files.filter((candidate) => !/^\s*(?:from|import)\s+fastapi\b/m.test(candidate.code))) {
      for (const match of file.skeleton.matchAll(BLUEPRINT)) {
        const prefix = prefixValue(file, keywordArg(file.args(match.index + match[0].length - 1), 'url_prefix')?.text ?? '', project.files);
        if (prefix) graph.setOwnPrefix(project.nodeOf(file, match[1] as string), prefix);
      }
      for (const match of file.skeleton.matchAll(RESTFUL_API)) {
        const prefix = stringValue(file, keywordArg(file.args(file.code.indexOf('(', match.index)), 'prefix')?.text ?? '') ?? '';
        graph.mount(project.nodeOf(file, match[2] as string), project.nodeOf(file, match[1] as string), prefix);
      }
      for (const decorator of decorators(file, 'route|get|post|put|patch|delete')) {
        const path = stringValue(file, positionalArgs(decorator.args)[0]?.text ?? '');
        if (path === undefined) continue;
        const methods = decorator.verb === 'route' ? (declaredMethods(decorator.args) ?? ['GET']) : [decorator.verb.toUpperCase()];
        const handler = { label: decorator.functionName ?? 'view function', at: { file: file.path, offset: decorator.start } };
        for (const method of methods) {
          graph.addRoute({ node: project.nodeOf(file, decorator.receiver), method, path, file: file.path, line: file.lineAt(decorator.start), handler });
        }
      }
      for (const match of file.skeleton.matchAll(CALLS)) readCall(project, graph, file, match);
    }
    return graph.resolve();
  },
};

function readCall(project: PyProject, graph: RouteGraph, file: SourceFile, match: RegExpMatchArray): void {
  const index = match.index as number;
  const receiver = project.nodeOf(file, match[1] as string);
  const args = file.args(index + match[0].length - 1);
  const positional = positionalArgs(args);
  const line = file.lineAt(index);
  if (match[2] === 'register_blueprint') {
    const prefix = prefixValue(file, keywordArg(args, 'url_prefix')?.text ?? '', project.files);
    // A url_prefix given at registration replaces the blueprint's own.
    if (positional[0]) graph.mount(receiver, project.nodeOf(file, positional[0].text), prefix ?? '', { replacesOwnPrefix: true });
  } else if (match[2] === 'add_url_rule') {
    const path = stringValue(file, positional[0]?.text ?? '');
    const view = keywordArg(args, 'view_func') ?? positional[2];
    if (path === undefined || !view) return;
    for (const route of viewRoutes(project, file, view, declaredMethods(args))) graph.addRoute({ node: receiver, path, file: file.path, line, ...route });
  } else {
    // Flask-RESTful: `api.add_resource(UserResource, '/users/<int:id>', '/u/<int:id>')`.
    const [resource, ...urls] = positional;
    if (!resource) return;
    for (const url of urls) {
      const path = stringValue(file, url.text);
      if (path === undefined) continue;
      for (const route of viewRoutes(project, file, resource, undefined)) graph.addRoute({ node: receiver, path, file: file.path, line, ...route });
    }
  }
}

function declaredMethods(args: Span[]): string[] | undefined {
  const methods = keywordArg(args, 'methods');
  return methods ? stringLiterals(methods.text).map((method) => method.toUpperCase()) : undefined;
}

/** A view function serves the methods given (GET by default); a class view each method it defines. */
function viewRoutes(project: PyProject, file: SourceFile, view: Span, methods: string[] | undefined): Array<{ method: string; handler: HandlerRef }> {
  const className = /^([\w.]+)\.as_view\s*\(/.exec(view.text)?.[1] ?? (/^[\w.]*\b[A-Z]\w*$/.test(view.text) ? view.text : undefined);
  const target = project.nameOf(file, className ?? view.text);
  const hints = target ? [target.file] : [];
  if (!className || !target) {
    return (methods ?? ['GET']).map((method) => ({ method, handler: { label: view.text, name: target?.name ?? view.text, hints } }));
  }
  const classFile = project.byPath.get(target.file);
  const defined = VIEW_METHODS.filter((method) => classFile && pythonClass(classFile, target.name)?.methods.has(method));
  const served = methods ?? defined.map((method) => method.toUpperCase());
  return served.map((method) => ({
    method,
    handler: { label: `${target.name}.${method.toLowerCase()}`, className: target.name, name: method.toLowerCase(), hints },
  }));
}
