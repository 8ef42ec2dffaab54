import { describe, expect, it } from 'vitest';
import { findHandler } from '../../../src/engines/routes/find-handler.js';
import { describeFrameworkCases, expectFound, fixtureRoot } from './framework-cases.js';

describeFrameworkCases([
  {
    framework: 'spring',
    prefixed: {
      method: 'POST',
      path: '/app/api/users',
      route: 'POST /app/api/users',
      handler: 'src/main/java/com/example/demo/users/UserController.java:28',
      code: /public User create/,
    },
    parameter: {
      method: 'GET',
      path: '/app/api/users/1',
      route: 'GET /app/api/users/{id}',
      handler: 'src/main/java/com/example/demo/users/UserController.java:22',
      code: /public ResponseEntity<User> getUser/,
    },
    wrongMethod: { method: 'PUT', path: '/app/api/users/1', offered: 'DELETE /app/api/users/{id}' },
  },
  {
    framework: 'laravel',
    prefixed: {
      method: 'GET',
      path: '/api/v2/posts/10',
      route: 'GET /api/v2/posts/{post}',
      handler: 'app/Http/Controllers/PostController.php:14',
      code: /public function show\(Post \$post\)/,
    },
    parameter: {
      method: 'GET',
      path: '/api/users/8',
      route: 'GET /api/users/{id}',
      handler: 'app/Http/Controllers/UserController.php:15',
      code: /public function show\(string \$id\)/,
    },
    wrongMethod: { method: 'DELETE', path: '/api/users/8', offered: 'GET /api/users/{id}' },
  },
  {
    framework: 'rails',
    prefixed: {
      method: 'POST',
      path: '/api/v1/users',
      route: 'POST /api/v1/users',
      handler: 'app/controllers/api/v1/users_controller.rb:14',
      code: /def create/,
    },
    parameter: {
      method: 'GET',
      path: '/api/v1/users/3',
      route: 'GET /api/v1/users/:id',
      handler: 'app/controllers/api/v1/users_controller.rb:10',
      code: /def show/,
    },
    wrongMethod: { method: 'DELETE', path: '/api/v1/users/3', offered: 'GET /api/v1/users/:id' },
  },
]);

describe('Spring, Laravel and Rails details', () => {
  it('reads @RequestMapping with a method on a method', async () => {
    const result = await findHandler(fixtureRoot('spring'), { method: 'DELETE', path: '/app/api/users/{userId}', framework: 'spring' });
    expectFound(result, {
      route: 'DELETE /app/api/users/{id}',
      handler: 'src/main/java/com/example/demo/users/UserController.java:34',
      code: /public void delete/,
    });
  });

  it('leaves out the resource actions only() excludes', async () => {
    const result = await findHandler(fixtureRoot('laravel'), { method: 'DELETE', path: '/api/v2/posts/10', framework: 'laravel' });
    expect(result.matches).toEqual([]);
    expect(result.closest.otherMethods.map((route) => route.method)).toEqual(['GET']);
  });

  it('nests Rails member routes and nested resources under the parent resource', async () => {
    const activate = await findHandler(fixtureRoot('rails'), { method: 'POST', path: '/api/v1/users/3/activate', framework: 'rails' });
    expectFound(activate, { route: 'POST /api/v1/users/:id/activate', handler: 'app/controllers/api/v1/users_controller.rb:19', code: /def activate/ });
    const posts = await findHandler(fixtureRoot('rails'), { method: 'GET', path: '/api/v1/users/3/posts', framework: 'rails' });
    expectFound(posts, { route: 'GET /api/v1/users/:user_id/posts', handler: 'app/controllers/api/v1/posts_controller.rb:4', code: /def index/ });
  });

  it('does not show another controller when the route names one outside the project', async () => {
    const result = await findHandler(fixtureRoot('rails'), { method: 'GET', path: '/up', framework: 'rails' });
    expect(result.matches[0]?.route.handler.label).toBe('rails/health#show');
    expect(result.matches[0]?.code).toBeUndefined();
  });
});
