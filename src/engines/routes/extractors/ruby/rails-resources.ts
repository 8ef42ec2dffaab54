import { joinPaths } from '../../path-pattern.js';

/** One route a `resources`/`resource` line generates: HTTP method, path and controller action. */
export interface ResourceRoute {
  method: string;
  path: string;
  action: string;
}

const PLURAL_ACTIONS: Array<[action: string, methods: string[], suffix: string]> = [
  ['index', ['GET'], ''],
  ['create', ['POST'], ''],
  ['new', ['GET'], 'new'],
  ['edit', ['GET'], ':id/edit'],
  ['show', ['GET'], ':id'],
  ['update', ['PATCH', 'PUT'], ':id'],
  ['destroy', ['DELETE'], ':id'],
];
const SINGULAR_ACTIONS: Array<[action: string, methods: string[], suffix: string]> = [
  ['create', ['POST'], ''],
  ['new', ['GET'], 'new'],
  ['edit', ['GET'], 'edit'],
  ['show', ['GET'], ''],
  ['update', ['PATCH', 'PUT'], ''],
  ['destroy', ['DELETE'], ''],
];

/** The routes of `resources :users` (plural) or `resource :profile` at `base`, honouring `only:`/`except:`. */
export function resourceRoutes(base: string, plural: boolean, options: string): ResourceRoute[] {
  const only = symbolList(options, 'only');
  const except = symbolList(options, 'except') ?? [];
  const param = /\bparam:\s*:(\w+)/.exec(options)?.[1] ?? 'id';
  const routes: ResourceRoute[] = [];
  for (const [action, methods, suffix] of plural ? PLURAL_ACTIONS : SINGULAR_ACTIONS) {
    if ((only && !only.includes(action)) || except.includes(action)) continue;
    for (const method of methods) routes.push({ method, path: joinPaths(base, suffix.replace(':id', `:${param}`)), action });
  }
  return routes;
}

/** `only: [:index, :show]`, `only: :index`, `only: %i[index show]`. */
export function symbolList(options: string, key: string): string[] | undefined {
  const value = new RegExp(`\\b${key}:\\s*(\\[[^\\]]*\\]|%[iw]\\[[^\\]]*\\]|:\\w+|['"]\\w+['"])`).exec(options)?.[1];
  if (!value) return undefined;
  return value
    .replace(/^%[iw]\[|[[\]:'"]/g, ' ')
    .split(/[\s,]+/)
    .filter(Boolean);
}

/** `users` → `user`; `categories` → `category` (enough for parameter names). */
export function singularize(word: string): string {
  return word
    .replace(/ies$/, 'y')
    .replace(/(ss|x|ch|sh)es$/, '$1')
    .replace(/([^s])s$/, '$1');
}

/** `profile` → `profiles` (a singular resource's controller is plural). */
export function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
}

/** `api/v1/users` → `Api::V1::UsersController`'s last part, `UsersController`. */
export function controllerClass(controller: string): string {
  const last = controller.split('/').at(-1) ?? controller;
  return `${last.replace(/(?:^|_)(\w)/g, (_, letter: string) => letter.toUpperCase())}Controller`;
}
