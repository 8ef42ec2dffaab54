import { joinPaths } from '../../path-pattern.js';
import type { HandlerRef, RouteDeclaration, RouteExtractor } from '../../route.js';
import type { SourceFile } from '../../source/source-file.js';
import type { SourceSet } from '../../source/source-set.js';
import { controllerClass, pluralize, resourceRoutes, singularize, symbolList } from './rails-resources.js';

/** Where the routes declared inside a block go. */
interface Frame {
  kind: 'scope' | 'resource' | 'member' | 'collection' | 'other';
  path: string;
  /** Controller folder prefix from `namespace`/`scope module:`, e.g. `api/v1/`. */
  module: string;
  /** Inside a resource's block: its controller, and its member and collection paths. */
  controller?: string;
  memberPath?: string;
  collectionPath?: string;
}

const OPENS_BLOCK = /\bdo(?:\s*\|[^|]*\|)?\s*$/;
const MAX_DRAW_DEPTH = 4;

/** Rails: config/routes.rb (and files it `draw`s): namespace/scope, resources and their member/collection blocks, verbs. */
export const railsExtractor: RouteExtractor = {
  label: 'Rails',
  async extract(sources) {
    const routes: RouteDeclaration[] = [];
    const file = await sources.file('config/routes.rb');
    if (file) await readRoutesFile(sources, file, [{ kind: 'scope', path: '', module: '' }], routes, 0);
    return routes;
  },
};

async function readRoutesFile(sources: SourceSet, file: SourceFile, stack: Frame[], routes: RouteDeclaration[], depth: number): Promise<void> {
  const floor = stack.length;
  for (let line = 1; line <= file.lineCount; line++) {
    const start = file.offsetOfLine(line);
    const text = file.code.slice(start, start + file.lineText(line).length).trim();
    const top = stack.at(-1) as Frame;
    if (/^end\b/.test(text)) {
      if (stack.length > floor) stack.pop();
      continue;
    }
    const add = (method: string, path: string, controller: string, action: string) =>
      routes.push({ method, path, file: file.path, line, handler: controllerAction(controller, action) });
    const drawn = /^draw\s*\(?\s*:?['"]?(\w+)/.exec(text);
    if (drawn && depth < MAX_DRAW_DEPTH) {
      const other = await sources.file(`config/routes/${drawn[1]}.rb`);
      if (other) await readRoutesFile(sources, other, stack, routes, depth + 1);
      continue;
    }
    const frame = readStatement(text, top, add);
    if (OPENS_BLOCK.test(text)) stack.push(frame ?? { ...top, kind: 'other' });
  }
  stack.length = floor;
}

/** Declares the routes of one line; returns the frame its block opens, if it opens one of its own. */
function readStatement(text: string, top: Frame, add: (method: string, path: string, controller: string, action: string) => void): Frame | undefined {
  const options = (name: string) => new RegExp(`\\b${name}:\\s*['"]?:?([\\w/().:-]*)['"]?`).exec(text)?.[1];
  const namespace = /^namespace\s*\(?\s*:?['"]?(\w+)/.exec(text);
  if (namespace) {
    const name = namespace[1] as string;
    return { kind: 'scope', path: joinPaths(top.path, options('path') ?? name), module: `${top.module}${options('module') ?? name}/` };
  }
  if (/^scope\b/.test(text)) {
    const path =
      /^scope\s*\(?\s*(?:['"]([^'"]*)['"]|:(\w+))/
        .exec(text)
        ?.slice(1)
        .find((part) => part !== undefined) ??
      options('path') ??
      '';
    const module = options('module');
    return { kind: 'scope', path: joinPaths(top.path, path), module: module ? `${top.module}${module}/` : top.module };
  }
  const resource = /^(resources?)\s*\(?\s*:(\w+)(.*)$/.exec(text);
  if (resource) {
    const plural = resource[1] === 'resources';
    const name = resource[2] as string;
    const base = joinPaths(top.path, options('path') ?? name);
    const controller = `${top.module}${options('module') ? `${options('module')}/` : ''}${options('controller') ?? (plural ? name : pluralize(name))}`;
    for (const route of resourceRoutes(base, plural, resource[3] as string)) add(route.method, route.path, controller, route.action);
    const param = options('param') ?? 'id';
    const memberPath = plural ? joinPaths(base, `:${param}`) : base;
    const nested = plural ? joinPaths(base, `:${singularize(name)}_${param}`) : base;
    return { kind: 'resource', path: nested, module: top.module, controller, memberPath, collectionPath: base };
  }
  const block = /^(member|collection)\s+do\b/.exec(text);
  if (block && top.kind === 'resource') {
    return { ...top, kind: block[1] as Frame['kind'], path: (block[1] === 'member' ? top.memberPath : top.collectionPath) ?? top.path };
  }
  const root = /^root\b(.*)$/.exec(text);
  if (root) {
    const target = /['"]([\w/]+)#(\w+)['"]/.exec(root[1] as string);
    if (target) add('GET', joinPaths(top.path, '/'), `${top.module}${target[1]}`, target[2] as string);
    return undefined;
  }
  const verb = /^(get|post|put|patch|delete|match)\b\s*\(?\s*(?:(['"])([^'"]*)\2|:(\w+))(.*)$/.exec(text);
  if (!verb) return undefined;
  const rest = verb[5] as string;
  const segment = verb[3] ?? (verb[4] as string);
  // `get :feed, on: :collection` inside a resource block.
  const on = options('on');
  const base = on === 'collection' ? top.collectionPath : on === 'member' ? top.memberPath : undefined;
  const target = /(?:\bto:|=>)\s*['"]([\w/]+)#(\w+)['"]/.exec(rest);
  const derived = segment
    .replace(/^\//, '')
    .split('/')
    .filter((part) => !part.startsWith(':') && !part.startsWith('*'));
  const controller = target
    ? `${top.module}${target[1]}`
    : ((options('controller') && `${top.module}${options('controller')}`) ?? top.controller ?? `${top.module}${derived.slice(0, -1).join('/') || derived[0]}`);
  const action = target?.[2] ?? options('action') ?? verb[4] ?? derived.at(-1) ?? 'index';
  const methods =
    verb[1] === 'match'
      ? (symbolList(rest, 'via') ?? ['all']).map((method) => (method === 'all' ? 'ANY' : method.toUpperCase()))
      : [(verb[1] as string).toUpperCase()];
  for (const method of methods) add(method, joinPaths(base ?? top.path, segment), controller, action);
  return undefined;
}

function controllerAction(controller: string, action: string): HandlerRef {
  return { label: `${controller}#${action}`, className: controllerClass(controller), name: action, hints: [`app/controllers/${controller}_controller.rb`] };
}
