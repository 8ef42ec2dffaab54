import { joinPaths } from '../../path-pattern.js';
import { type MemberChain, chainBefore } from '../../source/member-chain.js';
import type { SourceFile, Span } from '../../source/source-file.js';
import { stringValue } from '../../source/string-value.js';

/** A route group's closure: the routes inside get its prefix and, for string actions, its controller. */
export interface GroupScope {
  start: number;
  end: number;
  prefix: string;
  controller?: string;
  /** A group that loads a routes file instead of a closure: `->group(base_path('routes/admin.php'))`. */
  file?: string;
}

const GROUP = /->\s*group\s*\(|\bRoute::group\s*\(/g;

/** Every `Route::prefix('v1')->group(…)`, `Route::group(['prefix' => …], …)` and `Route::controller(X::class)->group(…)`. */
export function groupScopes(file: SourceFile): GroupScope[] {
  const scopes: GroupScope[] = [];
  for (const match of file.skeleton.matchAll(GROUP)) {
    const args = file.args(match.index + match[0].length - 1);
    let settings: { prefix: string; controller?: string };
    let body: Span | undefined;
    if (match[0].startsWith('->')) {
      const chain = chainBefore(file, match.index);
      if (!isRouteChain(chain)) continue;
      settings = chainSettings(file, chain);
      body = args[0];
    } else {
      const options = args[0]?.text ?? '';
      settings = {
        prefix: /['"]prefix['"]\s*=>\s*['"]([^'"]*)['"]/.exec(options)?.[1] ?? '',
        controller: /['"]controller['"]\s*=>\s*\\?([\w\\]+)::class/.exec(options)?.[1],
      };
      body = args[1];
    }
    if (!body) continue;
    const loaded = routesFileOf(body.text);
    scopes.push({ start: body.start, end: body.end, ...settings, ...(loaded && { file: loaded }) });
  }
  return scopes;
}

/** The chain starts from the Route facade (or Lumen's `$router`). */
export function isRouteChain(chain: MemberChain): boolean {
  return /^(?:Route|\\?Illuminate\\Support\\Facades\\Route|\$router|\$route)$/.test(chain.root);
}

/** `prefix('v1')` and `controller(UserController::class)` calls in a chain. */
export function chainSettings(file: SourceFile, chain: MemberChain): { prefix: string; controller?: string } {
  const prefixes: string[] = [];
  let controller: string | undefined;
  for (const link of chain.links) {
    const arg = file.args(link.open)[0]?.text ?? '';
    if (link.name === 'prefix') prefixes.push(stringValue(file, arg) ?? '');
    if (link.name === 'controller') controller = /([\w]+)::class$/.exec(arg)?.[1];
  }
  return { prefix: joinPaths(...prefixes), controller };
}

/** The scopes around an offset, outermost first. */
export function scopesAround(scopes: GroupScope[], offset: number): GroupScope[] {
  return scopes.filter((scope) => scope.start <= offset && offset < scope.end).sort((a, b) => a.start - b.start);
}

/** `base_path('routes/admin.php')`, `__DIR__.'/admin.php'`: the routes file a group or `require` loads. */
export function routesFileOf(text: string): string | undefined {
  const basePath = /base_path\(\s*['"]([^'"]+\.php)['"]/.exec(text)?.[1];
  if (basePath) return basePath;
  const relative = /__DIR__\s*\.\s*['"]\/?([^'"]+\.php)['"]/.exec(text)?.[1];
  return relative ? `routes/${relative}` : undefined;
}
