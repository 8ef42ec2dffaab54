import type { SpecOperation } from '../../../engines/spec/spec-format.js';

/** What a request's method and path select of a spec. */
export type RouteMatch =
  | { kind: 'operation'; operation: SpecOperation; pathParams: Record<string, string> }
  /** The path is documented, the method is not: the methods it has, for a 405's `Allow`. */
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

interface Route {
  pattern: RegExp;
  names: string[];
  /** Literal characters of the template: the more, the more specific (`/pets/mine` before `/pets/{id}`). */
  literal: number;
  byMethod: Map<string, SpecOperation>;
}

const PATH_PARAMETER = /\{([^{}]+)\}/g;

/**
 * The spec's operations by method and path template, compiled once: a request's path matches the
 * template with most literal characters first, each `{name}` one segment or part of one. Paths are
 * served at the root and under the path of the spec's first server (`/v1/pets`).
 */
export class RouteTable {
  private readonly routes: Route[];

  constructor(
    operations: readonly SpecOperation[],
    private readonly basePath = '',
  ) {
    const byTemplate = new Map<string, Route>();
    for (const operation of operations) {
      let route = byTemplate.get(operation.path);
      if (!route) byTemplate.set(operation.path, (route = compiled(operation.path)));
      route.byMethod.set(operation.method.toUpperCase(), operation);
    }
    this.routes = [...byTemplate.values()].sort((a, b) => b.literal - a.literal);
  }

  match(method: string, pathname: string): RouteMatch {
    const found = this.matchPath(method, pathname);
    if (found.kind !== 'not-found' || !this.basePath || !pathname.startsWith(`${this.basePath}/`)) return found;
    return this.matchPath(method, pathname.slice(this.basePath.length));
  }

  private matchPath(method: string, pathname: string): RouteMatch {
    let allowed: string[] | undefined;
    for (const route of this.routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const operation = route.byMethod.get(method) ?? (method === 'HEAD' ? route.byMethod.get('GET') : undefined);
      if (!operation) {
        allowed ??= [...route.byMethod.keys()];
        continue;
      }
      const pathParams = Object.fromEntries(route.names.map((name, index) => [name, decoded(match[index + 1] ?? '')]));
      return { kind: 'operation', operation, pathParams };
    }
    return allowed ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}

function compiled(template: string): Route {
  const names = [...template.matchAll(PATH_PARAMETER)].map((match) => match[1]!);
  const parts = template.split(PATH_PARAMETER);
  const source = parts.map((part, index) => (index % 2 === 1 ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const literal = parts.filter((_, index) => index % 2 === 0).join('').length;
  return { pattern: new RegExp(`^${source}/?$`), names, literal, byMethod: new Map() };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
