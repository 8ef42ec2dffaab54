import { describe, it } from 'vitest';
import { findHandler } from '../../../src/engines/routes/find-handler.js';
import { describeFrameworkCases, expectFound, fixtureRoot } from './framework-cases.js';

describeFrameworkCases([
  {
    framework: 'fastapi',
    prefixed: { method: 'POST', path: '/api/users', route: 'POST /api/users', handler: 'app/routers/users.py:21', code: /async def create_user/ },
    parameter: {
      method: 'GET',
      path: '/api/users/42',
      route: 'GET /api/users/{user_id}',
      handler: 'app/routers/users.py:13',
      code: /async def read_user\(user_id: int\)/,
    },
    wrongMethod: { method: 'DELETE', path: '/api/users/42', offered: 'GET /api/users/{user_id}' },
  },
  {
    framework: 'flask',
    prefixed: { method: 'GET', path: '/admin/stats', route: 'GET /admin/stats', handler: 'app/admin.py:6', code: /def stats\(\)/ },
    parameter: {
      method: 'DELETE',
      path: '/api/users/3',
      route: 'DELETE /api/users/<int:user_id>',
      handler: 'app/users.py:13',
      code: /def user_detail\(user_id\)/,
    },
    wrongMethod: { method: 'PUT', path: '/api/users/3', offered: 'GET /api/users/<int:user_id>' },
  },
  {
    framework: 'django',
    prefixed: { method: 'POST', path: '/api/users/', route: 'POST /api/users/', handler: 'users/views.py:13', code: /def post\(self, request\)/ },
    parameter: {
      method: 'GET',
      path: '/api/users/5/',
      route: 'GET /api/users/<int:pk>/',
      handler: 'users/views.py:17',
      code: /@require_http_methods[\s\S]*def user_detail/,
    },
    wrongMethod: { method: 'PUT', path: '/api/users/5/', offered: 'DELETE /api/users/<int:pk>/' },
  },
]);

describe('Python details', () => {
  it('turns a Django re_path regex into a path with parameters', async () => {
    const result = await findHandler(fixtureRoot('django'), { method: 'GET', path: '/api/users/5/posts/', framework: 'django' });
    expectFound(result, { route: 'ANY /api/users/<pk>/posts/', handler: 'users/views.py:23', code: /def user_posts/ });
  });

  it('reads the routes a Django REST framework router generates for a viewset', async () => {
    const result = await findHandler(fixtureRoot('django'), { method: 'GET', path: '/api/groups/4/', framework: 'django' });
    expectFound(result, { route: 'GET /api/groups/<pk>/', handler: 'users/views.py:30', code: /def retrieve/ });
  });

  it('reads FastAPI routers included without a prefix', async () => {
    const result = await findHandler(fixtureRoot('fastapi'), { method: 'GET', path: '/items/abc?q=1', framework: 'fastapi' });
    expectFound(result, { route: 'GET /items/{item_id}', handler: 'app/routers/items.py:6', code: /def read_item/ });
  });
});
