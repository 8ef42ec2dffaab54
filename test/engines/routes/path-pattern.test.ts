import { describe, expect, it } from 'vitest';
import { closestRoutes, matchRoutes } from '../../../src/engines/routes/match-routes.js';
import { joinPaths, matchSegments, normalizeRequestPath, parsePath, parseRequestPath } from '../../../src/engines/routes/path-pattern.js';
import type { RouteDeclaration } from '../../../src/engines/routes/route.js';

const matches = (route: string, request: string) => matchSegments(parsePath(route), parseRequestPath(request)) !== undefined;

describe('path patterns', () => {
  it('matches a parameter in every framework syntax, whatever its name, concrete or as a template', () => {
    for (const route of ['/users/:id', '/users/{id}', '/users/<id>', '/users/<int:id>', '/users/[id]', '/users/{id:[0-9]+}', '/users/{id?}']) {
      expect(matches(route, '/users/42'), route).toBe(true);
      expect(matches(route, '/users/{userId}'), route).toBe(true);
      expect(matches(route, '/users/:user_id'), route).toBe(true);
      expect(matches(route, '/users/42/posts'), route).toBe(false);
    }
  });

  it('matches catch-alls over one or more segments, optional ones over none', () => {
    for (const route of ['/files/*', '/files/*path', '/files/{*rest}', '/files/<path:p>', '/files/[...slug]', '/files/{tail:.*}', '/files/**']) {
      expect(matches(route, '/files/a/b/c.txt'), route).toBe(true);
      expect(matches(route, '/files'), route).toBe(false);
    }
    expect(matches('/docs/[[...slug]]', '/docs')).toBe(true);
    expect(matches('/users/:id?', '/users')).toBe(true);
  });

  it('keeps literal segments literal and reads mixed segments', () => {
    expect(matches('/users/me', '/users/42')).toBe(false);
    expect(matches('/users/:id', '/accounts/42')).toBe(false);
    expect(matches('/files/{name}.{ext}', '/files/report.pdf')).toBe(true);
    expect(matches('/files/{name}.{ext}', '/files/report')).toBe(false);
    expect(matches('/users(.:format)', '/users')).toBe(true);
    expect(matches('/users/:id(\\d+)', '/users/7')).toBe(true);
  });

  it('ignores trailing slashes, query strings, origins and {{BASE_URL}}', () => {
    expect(normalizeRequestPath('http://localhost:3000/api/users/42?expand=1#top')).toBe('/api/users/42');
    expect(normalizeRequestPath('{{BASE_URL}}/api/users')).toBe('/api/users');
    expect(normalizeRequestPath('api//users/')).toBe('/api/users/');
    expect(normalizeRequestPath('/users/:id?')).toBe('/users/:id?');
    expect(matches('/api/users/', '/api/users')).toBe(true);
  });

  it('joins prefixes with single slashes, keeping the last part’s trailing slash', () => {
    expect(joinPaths('/api', 'users/', '<int:pk>/')).toBe('/api/users/<int:pk>/');
    expect(joinPaths('api', '/', '')).toBe('/api');
    expect(joinPaths('', '')).toBe('/');
  });
});

const route = (method: string, path: string, line = 1): RouteDeclaration => ({ method, path, file: 'app.js', line, handler: { label: 'h' } });

describe('matching routes', () => {
  const routes = [
    route('GET', '/users/:id', 1),
    route('GET', '/users/me', 2),
    route('ANY', '/users/:id', 3),
    route('DELETE', '/users/:id', 4),
    route('GET', '/api/orders/:id', 5),
  ];

  it('ranks the exact method first, then the most specific path', () => {
    const ranked = matchRoutes(routes, 'GET', '/users/me').map((match) => match.route.line);
    expect(ranked).toEqual([2, 1, 3]);
  });

  it('lets GET routes serve HEAD, after any exact match', () => {
    expect(matchRoutes(routes, 'HEAD', '/users/9').map((match) => [match.route.line, match.methodFit])).toEqual([
      [3, 'any'],
      [1, 'head-as-get'],
    ]);
  });

  it('offers the same path’s other methods and alike paths when nothing matches', () => {
    const closest = closestRoutes(routes.slice(0, 2).concat(routes.slice(3)), 'PUT', '/users/9');
    expect(closest.otherMethods.map((found) => found.line)).toEqual([1, 4]);
    const missingPrefix = closestRoutes(routes, 'GET', '/orders/3');
    expect(missingPrefix.underPrefix.map((found) => found.path)).toEqual(['/api/orders/:id']);
    expect(closestRoutes(routes, 'POST', '/orders/3').similar[0]?.path).toBe('/api/orders/:id');
  });
});
