import { sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireAdmin } from '../authenticate.js';
import type { ShopContext } from '../shop-context.js';

/**
 * The admin operations (tagged `admin`). Vulnerable: the user list and the sales report check only
 * that the caller is signed in; the audit log and the refunds report check the role, in both modes.
 */
export function adminRoutes(ctx: ShopContext): Route[] {
  const adminOnly = (path: string, checksRole: boolean, body: () => unknown): Route => ({
    method: 'GET',
    path,
    handle(req, res) {
      if (requireAdmin(req, res, ctx, { checksRole })) sendJson(res, 200, body());
    },
  });
  const orders = () => [...ctx.data.orders.values()];
  return [
    adminOnly('/admin/users', false, () => ctx.data.users.map(({ id, username, email, role }) => ({ id, username, email, role }))),
    adminOnly('/admin/audit-log', true, () => [{ at: '2024-03-02T09:15:00Z', actor: 'admin', action: 'refunded order A-0997' }]),
    adminOnly('/reports/sales', false, () => ({ period: '2024-Q1', count: orders().length, amount: orders().reduce((sum, order) => sum + order.price, 0) })),
    adminOnly('/reports/refunds', true, () => ({ period: '2024-Q1', count: 1, amount: 12.5 })),
  ];
}
