import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type FindHandlerResult, findHandler } from '../../../src/engines/routes/find-handler.js';
import type { Framework } from '../../../src/workspace/init/frameworks.js';

/** A request and what find_handler must answer for it. */
export interface Expected {
  method: string;
  path: string;
  /** `METHOD /declared/path` of the best match. */
  route: string;
  /** `file:line` where the handler's code starts. */
  handler: string;
  /** Something the handler's first lines contain. */
  code: RegExp;
}

export interface FrameworkCase {
  framework: Framework;
  /** A route under a prefix the router is mounted under. */
  prefixed: Expected;
  /** A route with a path parameter, asked for with a concrete path. */
  parameter: Expected;
  /** A method that path does not serve, and a route (`METHOD /path`) the answer must offer instead. */
  wrongMethod: { method: string; path: string; offered: string };
}

export function fixtureRoot(name: string): string {
  return fileURLToPath(new URL(`../../fixtures/handlers/${name}`, import.meta.url));
}

export function expectFound(result: FindHandlerResult, expected: Pick<Expected, 'route' | 'handler' | 'code'>): void {
  const best = result.matches[0];
  expect(best && `${best.route.method} ${best.route.path}`).toBe(expected.route);
  expect(best?.code && `${best.code.file}:${best.code.line}`).toBe(expected.handler);
  expect(best?.code?.lines.slice(0, 6).join('\n')).toMatch(expected.code);
}

/** The checks every framework's fixture project passes: prefix, parameter, wrong method, and no framework given. */
export function describeFrameworkCases(cases: FrameworkCase[]): void {
  for (const { framework, prefixed, parameter, wrongMethod } of cases) {
    describe(framework, () => {
      const root = fixtureRoot(framework);

      it('finds the handler of a route under a mounted prefix', async () => {
        expectFound(await findHandler(root, { method: prefixed.method, path: prefixed.path, framework }), prefixed);
      });

      it('matches a path parameter against a concrete path', async () => {
        expectFound(await findHandler(root, { method: parameter.method, path: parameter.path, framework }), parameter);
      });

      it('answers a method the path does not serve with the routes it does serve', async () => {
        const result = await findHandler(root, { method: wrongMethod.method, path: wrongMethod.path, framework });
        expect(result.matches).toEqual([]);
        expect(result.closest.otherMethods.map((route) => `${route.method} ${route.path}`)).toContain(wrongMethod.offered);
      });

      it('finds the same handler when no framework is given (every reader runs)', async () => {
        const result = await findHandler(root, { method: parameter.method, path: parameter.path });
        expect(result.framework).toEqual({ name: 'all', source: 'none' });
        expectFound(result, parameter);
      });
    });
  }
}
