import { joinPaths } from '../../path-pattern.js';
import type { HandlerRef, RouteExtractor } from '../../route.js';
import { RouteGraph } from '../../route-graph.js';
import { chainBefore } from '../../source/member-chain.js';
import { type SourceFile, type Span, stringLiterals } from '../../source/source-file.js';
import type { SourceSet } from '../../source/source-set.js';
import { stringValue } from '../../source/string-value.js';
import { chainSettings, groupScopes, isRouteChain, routesFileOf, scopesAround } from './laravel-scopes.js';

const ROUTE = /(Route\s*::|->)\s*(get|post|put|patch|delete|options|any|match|resource|apiResource)\s*\(/g;
const REQUIRE = /\brequire(?:_once)?\s*\(?\s*((?:__DIR__|base_path)[^;]*)/g;
const PROVIDER_PREFIX = /prefix\(\s*['"]([^'"]*)['"]\s*\)[^;]*?group\(\s*base_path\(\s*['"](routes\/[^'"]+)['"]/g;
const RESOURCE_ACTIONS: Array<[action: string, methods: string[], member: boolean, suffix: string, apiToo: boolean]> = [
  ['index', ['GET'], false, '', true],
  ['create', ['GET'], false, 'create', false],
  ['store', ['POST'], false, '', true],
  ['show', ['GET'], true, '', true],
  ['edit', ['GET'], true, 'edit', false],
  ['update', ['PUT', 'PATCH'], true, '', true],
  ['destroy', ['DELETE'], true, '', true],
];

/** Laravel: `Route::get(…)` in routes/*.php (routes/api.php under `/api`), groups with prefixes, resources. */
export const laravelExtractor: RouteExtractor = {
  label: 'Laravel',
  async extract(sources) {
    const graph = new RouteGraph();
    const prefixes = await routesFilePrefixes(sources);
    for (const file of await sources.files(['php'], (path) => path.startsWith('routes/'))) {
      graph.setOwnPrefix(file.path, prefixes.get(file.path) ?? '');
      readRoutesFile(sources, graph, file);
    }
    return graph.resolve();
  },
};

/** routes/api.php is served under `api` (or bootstrap/app.php's `apiPrefix`, or RouteServiceProvider's prefixes). */
async function routesFilePrefixes(sources: SourceSet): Promise<Map<string, string>> {
  const bootstrap = (await sources.readText('bootstrap/app.php')) ?? '';
  const prefixes = new Map([['routes/api.php', /apiPrefix\s*:\s*['"]([^'"]*)['"]/.exec(bootstrap)?.[1] ?? 'api']]);
  const provider = (await sources.readText('app/Providers/RouteServiceProvider.php')) ?? '';
  for (const match of provider.matchAll(PROVIDER_PREFIX)) prefixes.set(match[2] as string, match[1] as string);
  return prefixes;
}

function readRoutesFile(sources: SourceSet, graph: RouteGraph, file: SourceFile): void {
  const scopes = groupScopes(file);
  const prefixAt = (offset: number) => joinPaths(...scopesAround(scopes, offset).map((scope) => scope.prefix));
  for (const scope of scopes) if (scope.file) graph.mount(file.path, scope.file, joinPaths(prefixAt(scope.start), scope.prefix));
  for (const match of file.code.matchAll(REQUIRE)) {
    const loaded = routesFileOf(match[1] as string);
    if (loaded) graph.mount(file.path, loaded, prefixAt(match.index));
  }
  for (const match of file.skeleton.matchAll(ROUTE)) {
    const accessor = match[1] === '->' ? match.index : match.index + (match[1] as string).indexOf(':');
    const chain = chainBefore(file, accessor);
    if (!isRouteChain(chain)) continue;
    const around = scopesAround(scopes, match.index);
    const settings = chainSettings(file, chain);
    const prefix = joinPaths(prefixAt(match.index), settings.prefix);
    const controller =
      settings.controller ??
      around
        .map((scope) => scope.controller)
        .filter(Boolean)
        .at(-1);
    const open = match.index + match[0].length - 1;
    const args = file.args(open);
    const line = file.lineAt(match.index);
    const add = (method: string, path: string, handler: HandlerRef) =>
      graph.addRoute({ node: file.path, method, path: joinPaths(prefix, path), file: file.path, line, handler });
    const name = match[2] as string;
    if (name === 'resource' || name === 'apiResource') {
      resourceRoutes(sources, file, args, open, name === 'apiResource', add);
      continue;
    }
    const [methods, uriArg, action] =
      name === 'match'
        ? [stringLiterals(args[0]?.text ?? '').map((method) => method.toUpperCase()), args[1], args[2]]
        : [[name === 'any' ? 'ANY' : name.toUpperCase()], args[0], args[1]];
    const uri = stringValue(file, uriArg?.text ?? '');
    if (uri === undefined || !action) continue;
    const handler = actionRef(sources, file, action, controller);
    for (const method of methods) add(method, uri, handler);
  }
}

/** `[UserController::class, 'show']`, `'UserController@show'`, `UserController::class`, `'show'` in a controller group, a closure. */
function actionRef(sources: SourceSet, file: SourceFile, action: Span, controller: string | undefined): HandlerRef {
  const text = action.text;
  if (/^(?:static\s+)?(?:function|fn)\b/.test(text)) return { label: 'closure', at: { file: file.path, offset: action.start } };
  const found =
    /^\[\s*\\?(?:[\w\\]*\\)?(\w+)::class\s*,\s*['"](\w+)['"]\s*\]$/.exec(text) ??
    /^['"](?:[\w\\]*\\)?(\w+)@(\w+)['"]$/.exec(text) ??
    /^\\?(?:[\w\\]*\\)?(\w+)::class()$/.exec(text);
  const [className, method] = found ? [found[1] as string, found[2] || '__invoke'] : [controller, /^['"](\w+)['"]$/.exec(text)?.[1]];
  if (!className || !method) return { label: text };
  return controllerRef(sources, className, method);
}

function controllerRef(sources: SourceSet, className: string, method: string): HandlerRef {
  const hints = sources.paths.filter((path) => path.endsWith(`/${className}.php`));
  return { label: `${className}@${method}`, className, name: method, hints };
}

/** `Route::resource('photos', PhotoController::class)->only([…])`; `users.posts` nests under `users/{user}`. */
function resourceRoutes(
  sources: SourceSet,
  file: SourceFile,
  args: Span[],
  open: number,
  api: boolean,
  add: (method: string, path: string, handler: HandlerRef) => void,
): void {
  const name = stringValue(file, args[0]?.text ?? '');
  const className = /(\w+)(?:::class|['"])\s*$/.exec(args[1]?.text ?? '')?.[1];
  if (!name || !className) return;
  const close = file.closing(open) ?? open;
  const semicolon = file.code.indexOf(';', close);
  const rest = file.code.slice(close, semicolon < 0 ? undefined : semicolon);
  // `->only([…])` after the call, or an options array: `Route::resource('photos', …, ['only' => […]])`.
  const options = args[2]?.text ?? '';
  const only = /->\s*only\s*\(([^)]*)\)/.exec(rest) ?? /['"]only['"]\s*=>\s*(\[[^\]]*\])/.exec(options);
  const except = /->\s*except\s*\(([^)]*)\)/.exec(rest) ?? /['"]except['"]\s*=>\s*(\[[^\]]*\])/.exec(options);
  const parts = name.split('.');
  const last = parts.pop() as string;
  const lastWord = last.split('/').at(-1) as string;
  const base = joinPaths(...parts.map((part) => `${part}/{${singular(part)}}`), last);
  for (const [action, methods, member, suffix, apiToo] of RESOURCE_ACTIONS) {
    if ((api && !apiToo) || (only && !stringLiterals(only[1] as string).includes(action))) continue;
    if (except && stringLiterals(except[1] as string).includes(action)) continue;
    const path = joinPaths(base, member ? `{${singular(lastWord)}}` : '', suffix);
    for (const method of methods) add(method, path, controllerRef(sources, className, action));
  }
}

function singular(word: string): string {
  return word.replace(/ies$/, 'y').replace(/s$/, '');
}
