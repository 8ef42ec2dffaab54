import { describe, it } from 'vitest';
import { findHandler } from '../../../src/engines/routes/find-handler.js';
import { describeFrameworkCases, expectFound, fixtureRoot } from './framework-cases.js';

describeFrameworkCases([
  {
    framework: 'actix',
    prefixed: { method: 'DELETE', path: '/api/users/2', route: 'DELETE /api/users/{id}', handler: 'src/users.rs:24', code: /async fn delete_user/ },
    parameter: {
      method: 'GET',
      path: '/api/users/1',
      route: 'GET /api/users/{id}',
      handler: 'src/users.rs:10',
      code: /#\[get\("\/users\/\{id\}"\)\]\nasync fn get_user/,
    },
    wrongMethod: { method: 'PUT', path: '/api/users/1', offered: 'GET /api/users/{id}' },
  },
  {
    framework: 'axum',
    prefixed: { method: 'POST', path: '/api/users', route: 'POST /api/users', handler: 'src/routes/users.rs:25', code: /async fn create_user/ },
    parameter: {
      method: 'GET',
      path: '/api/users/1',
      route: 'GET /api/users/{id}',
      handler: 'src/routes/users.rs:29',
      code: /async fn get_user\(Path\(id\): Path<u32>\)/,
    },
    wrongMethod: { method: 'PATCH', path: '/api/users/1', offered: 'DELETE /api/users/{id}' },
  },
]);

describe('Rust details', () => {
  it('registers actix macro handlers that App::new() serves directly', async () => {
    const result = await findHandler(fixtureRoot('actix'), { method: 'GET', path: '/health', framework: 'actix' });
    expectFound(result, { route: 'GET /health', handler: 'src/handlers.rs:3', code: /pub async fn health/ });
  });

  it('shows an axum closure handler with its route', async () => {
    const result = await findHandler(fixtureRoot('axum'), { method: 'GET', path: '/api/health', framework: 'axum' });
    expectFound(result, { route: 'GET /api/health', handler: 'src/routes/mod.rs:7', code: /\.route\("\/health", get\(\|\| async \{ "ok" \}\)\)/ });
  });
});
