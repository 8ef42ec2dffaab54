import type { SourceSet } from './source/source-set.js';

/** How to find the code that serves a route. */
export interface HandlerRef {
  /** The handler as the route names it: `getUser`, `users.getUser`, `UserController@show`, `inline function`. */
  label: string;
  /** Where its code starts, when the route says so itself (inline functions, decorated functions and methods). */
  at?: { file: string; offset: number };
  /** Otherwise the function or method to look up… */
  name?: string;
  /** …in this class (controllers, class-based views)… */
  className?: string;
  /** …looking first in these files. */
  hints?: string[];
}

/** One route of the API as the code declares it. */
export interface RouteDeclaration {
  /** Upper-case HTTP method, or `ANY` when the route serves every method. */
  method: string;
  /** The full path pattern, prefixes of mounted routers included, in the framework's own syntax. */
  path: string;
  /** Where the route is declared (project-relative path, 1-based line). */
  file: string;
  line: number;
  handler: HandlerRef;
}

/** Reads one framework family's routes out of a project. */
export interface RouteExtractor {
  /** For people: `Express, Koa, Hono, Fastify`. */
  label: string;
  extract(sources: SourceSet): Promise<RouteDeclaration[]>;
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** `get` → GET, `del` → DELETE, `all`/`any` → ANY; undefined for a word that names no method. */
export function httpMethod(word: string): string | undefined {
  const upper = word.toUpperCase();
  if (upper === 'DEL') return 'DELETE';
  if (upper === 'ALL' || upper === 'ANY') return 'ANY';
  return (HTTP_METHODS as readonly string[]).includes(upper) ? upper : undefined;
}
