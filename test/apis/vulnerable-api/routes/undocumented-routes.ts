import { sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireAdmin } from '../authenticate.js';
import { CATEGORIES, productSummary } from '../catalog-data.js';
import type { ShopContext } from '../shop-context.js';
import { storedRecord } from '../shop-users.js';

/**
 * Paths the spec does not list. The vulnerable API still serves Go's expvar page, Spring-style
 * actuator endpoints, its .env file, its settings at /debug/config, an export of every user
 * (password hashes included) at /api/v2/admin/export and what is left of the old v1 API (users,
 * products, categories), to anyone. Both modes serve /admin and /metrics to administrators only.
 */
export function undocumentedRoutes(ctx: ShopContext): Route[] {
  const adminOnly = (path: string, body: () => string | object): Route => ({
    method: 'GET',
    path,
    handle(req, res) {
      if (!requireAdmin(req, res, ctx, { checksRole: true })) return;
      const content = body();
      if (typeof content === 'object') return sendJson(res, 200, content);
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(content);
    },
  });
  const always = [
    adminOnly('/admin', () => ({ sections: ['users', 'audit-log', 'reports'] })),
    adminOnly('/metrics', () => `# TYPE http_requests_total counter\nhttp_requests_total ${ctx.data.orders.size}\n`),
  ];
  if (ctx.secure) return always;
  const open = (path: string, body: () => unknown, contentType = 'application/json'): Route => ({
    method: 'GET',
    path,
    handle(_req, res) {
      const content = body();
      res.writeHead(200, { 'content-type': contentType }).end(typeof content === 'string' ? content : JSON.stringify(content));
    },
  });
  return [
    ...always,
    open('/debug/vars', () => ({ cmdline: ['/srv/shop/bin/shop', '--port=8080'], memstats: { Alloc: 7340032, HeapObjects: 48211, NumGC: 17 } })),
    open('/actuator', () => ({ _links: { self: { href: '/actuator' }, env: { href: '/actuator/env' } } })),
    open('/actuator/env', () => ({
      activeProfiles: ['production'],
      propertySources: [
        { name: 'systemEnvironment', properties: { DB_HOST: { value: 'db.internal' }, DB_USER: { value: 'shop' }, DB_PASSWORD: { value: '******' } } },
      ],
    })),
    open('/debug/config', () => ({
      environment: 'production',
      mail: { host: 'smtp.shop.example', user: 'orders@shop.example', password: 'Sm7p-relay-2020' },
      payments: { provider: 'stripe', secretKey: 'sk_live_4eC39HqLyjWDarjtT1zdp7dc' },
    })),
    open('/api/v2/admin/export', () => ctx.data.users.map(storedRecord)),
    open('/.env', () => 'NODE_ENV=production\nDB_HOST=db.internal\nDB_USER=shop\nDB_PASSWORD=Sh0p-db-2019!\nJWT_SECRET=secret\n', 'text/plain'),
    open('/api/v1', () => ({ version: '1.4.2', deprecated: true, links: ['/api/v1/users', '/api/v1/products', '/api/v1/categories'] })),
    open('/api/v1/users', () => ctx.data.users.map(storedRecord)),
    open('/api/v1/products', () => ctx.data.products.slice(0, 20).map(productSummary)),
    open('/api/v1/categories', () => CATEGORIES),
  ];
}
