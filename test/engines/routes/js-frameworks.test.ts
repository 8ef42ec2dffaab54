import { describe, expect, it } from 'vitest';
import { findHandler } from '../../../src/engines/routes/find-handler.js';
import { describeFrameworkCases, expectFound, fixtureRoot } from './framework-cases.js';

describeFrameworkCases([
  {
    framework: 'express',
    prefixed: { method: 'GET', path: '/api/users', route: 'GET /api/users', handler: 'src/controllers/users.js:3', code: /async function listUsers/ },
    parameter: {
      method: 'GET',
      path: '/api/users/42',
      route: 'GET /api/users/:id',
      handler: 'src/controllers/users.js:7',
      code: /async function getUser\(req, res\)/,
    },
    wrongMethod: { method: 'DELETE', path: '/api/users/42', offered: 'GET /api/users/:id' },
  },
  {
    framework: 'koa',
    prefixed: { method: 'POST', path: '/api/users', route: 'POST /api/users', handler: 'src/routes/users.js:18', code: /async function createUser/ },
    parameter: { method: 'GET', path: '/api/users/7', route: 'GET /api/users/:id', handler: 'src/routes/users.js:10', code: /findUser\(ctx\.params\.id\)/ },
    wrongMethod: { method: 'PUT', path: '/api/users/7', offered: 'GET /api/users/:id' },
  },
  {
    framework: 'hono',
    prefixed: { method: 'POST', path: '/api/users', route: 'POST /api/users', handler: 'src/routes/users.ts:8', code: /c\.req\.json\(\)/ },
    parameter: { method: 'GET', path: '/api/users/1', route: 'GET /api/users/:id', handler: 'src/handlers/users.ts:6', code: /export const getUser = async/ },
    wrongMethod: { method: 'DELETE', path: '/api/users/1', offered: 'GET /api/users/:id' },
  },
  {
    framework: 'fastify',
    prefixed: { method: 'POST', path: '/api/users', route: 'POST /api/users', handler: 'src/routes/users.js:12', code: /reply\.code\(201\)/ },
    parameter: {
      method: 'GET',
      path: '/api/users/1',
      route: 'GET /api/users/:id',
      handler: 'src/routes/users.js:22',
      code: /async function getUser\(request, reply\)/,
    },
    wrongMethod: { method: 'PATCH', path: '/api/users/1', offered: 'GET /api/users/:id' },
  },
  {
    framework: 'nestjs',
    prefixed: { method: 'POST', path: '/api/users', route: 'POST /api/users', handler: 'src/users/users.controller.ts:23', code: /create\(@Body\(\) dto/ },
    parameter: { method: 'GET', path: '/api/users/3', route: 'GET /api/users/:id', handler: 'src/users/users.controller.ts:16', code: /async findOne\(/ },
    wrongMethod: { method: 'DELETE', path: '/api/users/3', offered: 'GET /api/users/:id' },
  },
  {
    framework: 'next',
    prefixed: {
      method: 'GET',
      path: '/api/admin/stats',
      route: 'GET /api/admin/stats',
      handler: 'src/app/(admin)/api/admin/stats/route.ts:4',
      code: /export const GET/,
    },
    parameter: {
      method: 'GET',
      path: '/api/users/12',
      route: 'GET /api/users/[id]',
      handler: 'src/app/api/users/[id]/route.ts:5',
      code: /export async function GET/,
    },
    wrongMethod: { method: 'PUT', path: '/api/users/12', offered: 'DELETE /api/users/[id]' },
  },
]);

describe('JavaScript details', () => {
  it('follows Express route() chains to an inline handler, shown with its route', async () => {
    const result = await findHandler(fixtureRoot('express'), { method: 'GET', path: '/api/users/5/avatar', framework: 'express' });
    expectFound(result, {
      route: 'GET /api/users/:id/avatar',
      handler: 'src/routes/users.js:13',
      code: /\.get\(\(req, res\) => \{\n\s+res\.sendFile/,
    });
  });

  it('mounts the plugins @fastify/autoload loads under their folder and the autoload prefix', async () => {
    const result = await findHandler(fixtureRoot('fastify'), { method: 'GET', path: '/v2/orders/99', framework: 'fastify' });
    expectFound(result, { route: 'GET /v2/orders/:orderId', handler: 'src/modules/orders/index.js:4', code: /async handler\(request, reply\)/ });
  });

  it('gives a Next.js pages/api route the methods its handler checks', async () => {
    const get = await findHandler(fixtureRoot('next'), { method: 'GET', path: '/api/health', framework: 'next' });
    expectFound(get, { route: 'GET /api/health', handler: 'src/pages/api/health.ts:4', code: /export default function handler/ });
    const post = await findHandler(fixtureRoot('next'), { method: 'POST', path: '/api/health', framework: 'next' });
    expect(post.matches).toEqual([]);
  });
});
