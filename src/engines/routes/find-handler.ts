import { FRAMEWORKS, isFramework } from '../../workspace/init/frameworks.js';
import { type HandlerCode, locateHandler } from './code/locate-handler.js';
import { ALL_EXTRACTORS, type RouteFramework, extractorFor } from './extractors/route-extractors.js';
import { type ClosestRoutes, type RouteMatch, closestRoutes, matchRoutes } from './match-routes.js';
import { normalizeRequestPath } from './path-pattern.js';
import type { RouteDeclaration, RouteExtractor } from './route.js';
import { SourceSet } from './source/source-set.js';

export interface FindHandlerInput {
  method: string;
  /** A concrete path (`/api/users/42`), a template (`/users/{id}`) or a whole URL. */
  path: string;
  /** One of FRAMEWORKS, asked for by name; any other name is refused. */
  framework?: string;
  /**
   * `.falcon/config.yaml`'s `framework` (read by the caller), used when none is asked for; when it
   * is missing, `other` or unknown, every framework is tried.
   */
  configuredFramework?: string;
}

export interface FoundHandler extends RouteMatch {
  /** The line that declares the route, trimmed. */
  declaration?: string;
  /** Undefined when the handler's code could not be found (a name defined outside the project, say). */
  code?: HandlerCode;
}

export interface FindHandlerResult {
  method: string;
  path: string;
  /**
   * The framework the routes were read as, and where it came from; `all` when every extractor ran
   * (`fallback`: because the framework asked for, `firstTried`, had no routes).
   */
  framework: { name: RouteFramework | 'all'; source: 'argument' | 'config' | 'none' | 'fallback'; firstTried?: RouteFramework };
  /** The route readers that ran, for people (`Express, Koa, Hono, Fastify`). */
  readers: string[];
  routeCount: number;
  /** Best first: exact method, then the most specific path. */
  matches: FoundHandler[];
  /** Filled when nothing matches. */
  closest: ClosestRoutes;
}

/** Matches whose code is looked up; the rest are listed by their route only. */
const MAX_LOCATED = 5;

/** Finds the code that serves `method path` by reading the project's route declarations. */
export async function findHandler(projectRoot: string, input: FindHandlerInput, signal?: AbortSignal): Promise<FindHandlerResult> {
  const method = input.method.toUpperCase();
  const path = normalizeRequestPath(input.path);
  const sources = await SourceSet.load(projectRoot, signal);
  const chosen = chooseFramework(input);
  let framework: FindHandlerResult['framework'] = chosen;
  let extractors = chosen.name === 'all' ? ALL_EXTRACTORS : [extractorFor(chosen.name)];
  let routes = await readRoutes(sources, extractors);
  if (routes.length === 0 && chosen.name !== 'all') {
    framework = { name: 'all', source: 'fallback', firstTried: chosen.name };
    extractors = ALL_EXTRACTORS;
    routes = await readRoutes(sources, extractors);
  }
  const matched = matchRoutes(routes, method, path);
  const matches: FoundHandler[] = [];
  for (const [index, match] of matched.entries()) {
    if (index >= MAX_LOCATED) {
      matches.push(match);
      continue;
    }
    const declaration = (await sources.file(match.route.file))?.lineText(match.route.line).trim();
    const code = await locateHandler(sources, match.route);
    matches.push({ ...match, ...(declaration && { declaration }), ...(code && { code }) });
  }
  return {
    method,
    path,
    framework,
    readers: extractors.map((extractor) => extractor.label),
    routeCount: routes.length,
    matches,
    closest: matches.length > 0 ? { otherMethods: [], underPrefix: [], similar: [] } : closestRoutes(routes, method, path),
  };
}

function chooseFramework({ framework: given, configuredFramework: configured }: FindHandlerInput): FindHandlerResult['framework'] {
  if (given !== undefined) {
    if (!isFramework(given)) throw new UnknownFrameworkError(given);
    return { name: given === 'other' ? 'all' : given, source: 'argument' };
  }
  if (configured && isFramework(configured) && configured !== 'other') return { name: configured, source: 'config' };
  return { name: 'all', source: 'none' };
}

/** The routes every extractor reads, each declaration once (two readers may see the same decorator). */
async function readRoutes(sources: SourceSet, extractors: readonly RouteExtractor[]): Promise<RouteDeclaration[]> {
  const routes = new Map<string, RouteDeclaration>();
  for (const extractor of extractors) {
    for (const route of await extractor.extract(sources)) {
      const key = `${route.method} ${route.path} ${route.file}:${route.line}`;
      if (!routes.has(key)) routes.set(key, route);
    }
  }
  return [...routes.values()];
}

export class UnknownFrameworkError extends Error {
  override name = 'UnknownFrameworkError';

  constructor(framework: string) {
    super(`unknown framework "${framework}"; known: ${FRAMEWORKS.join(', ')}`);
  }
}
