import { joinPaths } from './path-pattern.js';
import type { RouteDeclaration } from './route.js';

/** A route as declared on one router (a node), before the prefixes it is mounted under are known. */
export interface NodeRoute extends RouteDeclaration {
  node: string;
}

interface Mount {
  parent: string;
  prefix: string;
  replacesOwnPrefix: boolean;
}

const MAX_PREFIXES = 16;

/**
 * Routers and what they are mounted on. A node is any router an extractor can name (`src/app.js#app`,
 * a Go function's group variable, a Django urls module); routes are declared on nodes, nodes are
 * mounted on other nodes under a prefix, and a node may carry its own prefix (Koa's `new Router({prefix})`,
 * FastAPI's `APIRouter(prefix=…)`). A node mounted nowhere is a root: its routes keep their own paths.
 */
export class RouteGraph {
  private readonly routes: NodeRoute[] = [];
  private readonly mounts = new Map<string, Mount[]>();
  private readonly ownPrefixes = new Map<string, string>();
  private readonly resolved = new Map<string, string[]>();

  addRoute(route: NodeRoute): void {
    this.routes.push(route);
  }

  /** `child` serves under `parent` + `prefix`; with replacesOwnPrefix a given prefix stands in for the child's own. */
  mount(parent: string, child: string, prefix = '', options: { replacesOwnPrefix?: boolean } = {}): void {
    if (parent === child) return;
    const list = this.mounts.get(child) ?? [];
    if (list.some((mount) => mount.parent === parent && mount.prefix === prefix)) return;
    list.push({ parent, prefix, replacesOwnPrefix: options.replacesOwnPrefix === true && prefix !== '' });
    this.mounts.set(child, list);
  }

  setOwnPrefix(node: string, prefix: string): void {
    this.ownPrefixes.set(node, prefix);
  }

  /** Every route with its full path, once per distinct prefix chain. */
  resolve(): RouteDeclaration[] {
    const seen = new Set<string>();
    const result: RouteDeclaration[] = [];
    for (const { node, ...route } of this.routes) {
      for (const prefix of this.prefixesOf(node, new Set())) {
        const path = joinPaths(prefix, route.path);
        const key = `${route.method} ${path} ${route.file}:${route.line} ${route.handler.label}`;
        if (seen.has(key)) continue;
        seen.add(key);
        result.push({ ...route, path });
      }
    }
    return result;
  }

  private prefixesOf(node: string, visiting: Set<string>): string[] {
    const cached = this.resolved.get(node);
    if (cached) return cached;
    const own = this.ownPrefixes.get(node) ?? '';
    const mounts = this.mounts.get(node) ?? [];
    visiting.add(node);
    const prefixes = new Set<string>();
    for (const mount of mounts) {
      if (visiting.has(mount.parent)) continue;
      for (const above of this.prefixesOf(mount.parent, visiting)) {
        prefixes.add(joinPaths(above, mount.prefix, mount.replacesOwnPrefix ? '' : own));
        if (prefixes.size >= MAX_PREFIXES) break;
      }
    }
    visiting.delete(node);
    const result = prefixes.size > 0 ? [...prefixes] : [joinPaths(own)];
    // A result cut short by a cycle is not cached: another way in may see more.
    if (!mounts.some((mount) => visiting.has(mount.parent))) this.resolved.set(node, result);
    return result;
  }
}
