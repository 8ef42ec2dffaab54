import { joinPaths } from '../../path-pattern.js';
import { HTTP_METHODS, type RouteDeclaration, type RouteExtractor } from '../../route.js';
import type { SourceFile } from '../../source/source-file.js';
import type { SourceSet } from '../../source/source-set.js';

// Anywhere in the tree, for monorepos (`apps/web/src/app/…`).
const PAGES_API = /^(?:.*?\/)?(?:src\/)?pages\/(api(?:\/.*?)?)(?:\/index)?\.(?:js|jsx|ts|tsx|mjs)$/;
const APP_ROUTE = /^(?:.*?\/)?(?:src\/)?app\/(?:(.*)\/)?route\.(?:js|jsx|ts|tsx|mjs)$/;
const METHODS = HTTP_METHODS.join('|');
const APP_HANDLER = new RegExp(`\\bexport\\s+(?:(?:async\\s+)?function\\s+|(?:const|let)\\s+)(${METHODS})\\b`, 'g');
const APP_HANDLER_ALIAS = new RegExp(`\\b([\\w$]+)\\s+as\\s+(${METHODS})\\b`, 'g');
const METHOD_CHECK = new RegExp(`\\b(?:req|request)\\.method\\s*[!=]==?\\s*['"](${METHODS})['"]|\\bcase\\s+['"](${METHODS})['"]\\s*:`, 'g');
const CONFIG_FILES = ['next.config.js', 'next.config.mjs', 'next.config.ts', 'next.config.cjs'];

/** Next.js: API routes in `pages/api/**` and route handlers in `app/**\/route.ts`, by their file paths. */
export const nextExtractor: RouteExtractor = {
  label: 'Next.js',
  async extract(sources) {
    const basePath = await readBasePath(sources);
    const routes: RouteDeclaration[] = [];
    for (const file of await sources.files(['js'], (path) => PAGES_API.test(path) || APP_ROUTE.test(path))) {
      const pages = PAGES_API.exec(file.path);
      if (pages) routes.push(...pagesRoutes(file, joinPaths(basePath, pages[1] as string)));
      const app = APP_ROUTE.exec(file.path);
      if (app) routes.push(...appRoutes(file, joinPaths(basePath, appPath(app[1] ?? ''))));
    }
    return routes;
  },
};

async function readBasePath(sources: SourceSet): Promise<string> {
  for (const name of CONFIG_FILES) {
    const text = await sources.readText(name);
    const basePath = text && /\bbasePath\s*:\s*(['"`])([^'"`]*)\1/.exec(text)?.[2];
    if (basePath) return basePath;
  }
  return '';
}

/** `(admin)/api/users/[id]` → `/api/users/[id]`: route groups and parallel-route slots are not in the URL. */
function appPath(folder: string): string {
  return folder
    .split('/')
    .filter((segment) => segment && !/^\(.*\)$/.test(segment) && !segment.startsWith('@'))
    .join('/');
}

/** A pages/api handler serves every method, unless it checks `req.method` (then one route per method checked). */
function pagesRoutes(file: SourceFile, path: string): RouteDeclaration[] {
  const exported = /\bexport\s+default\s+(?:async\s+)?function\b/.exec(file.code);
  const named = /\bexport\s+default\s+([\w$]+)\s*;?\s*$/m.exec(file.code)?.[1];
  const handler = exported
    ? { label: 'default export', at: { file: file.path, offset: exported.index } }
    : { label: named ?? 'default export', name: named, hints: [file.path] };
  const checks = [...file.code.matchAll(METHOD_CHECK)];
  if (checks.length === 0) return [{ method: 'ANY', path, file: file.path, line: exported ? file.lineAt(exported.index) : 1, handler }];
  const byMethod = new Map(checks.reverse().map((check) => [(check[1] ?? check[2]) as string, check.index]));
  return [...byMethod].reverse().map(([method, index]) => ({ method, path, file: file.path, line: file.lineAt(index), handler }));
}

function appRoutes(file: SourceFile, path: string): RouteDeclaration[] {
  const routes: RouteDeclaration[] = [];
  for (const match of file.code.matchAll(APP_HANDLER)) {
    const method = match[1] as string;
    routes.push({ method, path, file: file.path, line: file.lineAt(match.index), handler: { label: method, at: { file: file.path, offset: match.index } } });
  }
  for (const match of file.code.matchAll(APP_HANDLER_ALIAS)) {
    const name = match[1] as string;
    routes.push({ method: match[2] as string, path, file: file.path, line: file.lineAt(match.index), handler: { label: name, name, hints: [file.path] } });
  }
  return routes;
}
