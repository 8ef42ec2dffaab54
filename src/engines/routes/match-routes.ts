import { matchSegments, parsePath, parseRequestPath, pathSimilarity } from './path-pattern.js';
import type { RouteDeclaration } from './route.js';

/** How a route's method fits the one asked for, best first. */
export type MethodFit = 'exact' | 'any' | 'head-as-get';
const FIT_ORDER: Record<MethodFit, number> = { exact: 0, any: 1, 'head-as-get': 2 };

export interface RouteMatch {
  route: RouteDeclaration;
  methodFit: MethodFit;
  /** Higher is more specific (literal segments count most). */
  score: number;
}

export interface ClosestRoutes {
  /** Routes on the same path that serve other methods. */
  otherMethods: RouteDeclaration[];
  /** Routes for this method whose path is the one asked for under a prefix (`/api/users/:id` for `/users/1`). */
  underPrefix: RouteDeclaration[];
  /** Routes whose paths look most like the one asked for, most alike first. */
  similar: RouteDeclaration[];
}

const SIMILAR_LIMIT = 5;
const MIN_SIMILARITY = 0.3;

/** The routes that serve `method path`, best first: exact method, then the most specific path. */
export function matchRoutes(routes: RouteDeclaration[], method: string, path: string): RouteMatch[] {
  const asked = parseRequestPath(path);
  const matches: RouteMatch[] = [];
  for (const route of routes) {
    const methodFit = fitOf(route.method, method);
    const score = methodFit && matchSegments(parsePath(route.path), asked);
    if (methodFit && score !== undefined) matches.push({ route, methodFit, score });
  }
  return matches.sort(
    (a, b) => FIT_ORDER[a.methodFit] - FIT_ORDER[b.methodFit] || b.score - a.score || a.route.file.localeCompare(b.route.file) || a.route.line - b.route.line,
  );
}

/** When nothing serves `method path`: the same path's other methods, and the most alike paths. */
export function closestRoutes(routes: RouteDeclaration[], method: string, path: string): ClosestRoutes {
  const asked = parseRequestPath(path);
  const otherMethods: RouteDeclaration[] = [];
  const underPrefix: RouteDeclaration[] = [];
  const scored: Array<{ route: RouteDeclaration; score: number }> = [];
  for (const route of routes) {
    const segments = parsePath(route.path);
    if (matchSegments(segments, asked) !== undefined) {
      otherMethods.push(route);
      continue;
    }
    const fits = fitOf(route.method, method) !== undefined;
    // The path asked for without the prefix the router is mounted under (`/users/1` for `/api/users/:id`).
    const suffix = asked.length > 0 && matchSegments(segments.slice(-asked.length), asked) !== undefined;
    if (suffix && fits) {
      underPrefix.push(route);
      continue;
    }
    const score = pathSimilarity(segments, asked) + (suffix ? 0.5 : 0) + (fits ? 0.1 : 0);
    if (score >= MIN_SIMILARITY) scored.push({ route, score });
  }
  scored.sort((a, b) => b.score - a.score || a.route.path.localeCompare(b.route.path));
  return { otherMethods, underPrefix, similar: scored.slice(0, SIMILAR_LIMIT).map((entry) => entry.route) };
}

function fitOf(declared: string, asked: string): MethodFit | undefined {
  if (declared === asked) return 'exact';
  if (declared === 'ANY') return 'any';
  return asked === 'HEAD' && declared === 'GET' ? 'head-as-get' : undefined;
}
