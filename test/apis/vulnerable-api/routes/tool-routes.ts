import { sendError, sendJson } from '../../nonconforming-api/json-exchange.js';
import type { Route } from '../../nonconforming-api/routes.js';
import { requireCaller } from '../authenticate.js';
import { runFakeShell } from '../fake-shell.js';
import { isHostName } from '../field-checks.js';
import { readJsonObject } from '../json-request.js';
import type { ShopContext } from '../shop-context.js';

const EXPORT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

function pingOutput(host: string): string {
  return `PING ${host} 56(84) bytes of data.\n64 bytes from ${host}: icmp_seq=1 ttl=57 time=11.2 ms\n\n--- ${host} ping statistics ---\n1 packets transmitted, 1 received, 0% packet loss, time 0ms\n`;
}

/**
 * Diagnostics and exports, which run shell commands. Vulnerable: ping pastes `host` into
 * `ping -c 1 <host>`, and the export pastes `filename` into `zip -q "/srv/shop/exports/<filename>"`
 * (inside double quotes: `$(…)` and backticks still run). Secure: host names and file names are
 * checked against an allow-list of characters first; the DNS lookup does that in both modes.
 */
export function toolRoutes(ctx: ShopContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/diagnostics/ping',
      async handle(req, res, _params, url) {
        if (!requireCaller(req, res, ctx)) return;
        const host = url.searchParams.get('host');
        if (!host || (ctx.secure && !isHostName(host))) return sendError(res, 400, 'host must be a host name');
        if (ctx.secure) return sendJson(res, 200, { host, output: pingOutput(host) });
        const run = runFakeShell(`ping -c 1 ${host}`);
        if (!run.ok) return sendJson(res, 200, { host, output: run.error });
        await ctx.sleep(run.sleepSeconds);
        sendJson(res, 200, { host, output: pingOutput(host.split(/[\s;|&`$]/)[0] ?? host) });
      },
    },
    {
      method: 'GET',
      path: '/diagnostics/dns',
      handle(req, res, _params, url) {
        if (!requireCaller(req, res, ctx)) return;
        const host = url.searchParams.get('host');
        if (!isHostName(host)) return sendError(res, 400, 'host must be a host name');
        sendJson(res, 200, { host, addresses: host === 'localhost' ? ['127.0.0.1'] : [] });
      },
    },
    {
      method: 'POST',
      path: '/exports',
      async handle(req, res) {
        const body = requireCaller(req, res, ctx) && (await readJsonObject(req, res));
        if (!body) return;
        const { filename } = body;
        if (typeof filename !== 'string' || (ctx.secure && !EXPORT_NAME.test(filename)))
          return sendError(res, 400, 'filename must be 1 to 64 letters, digits, dots, hyphens or underscores');
        if (!ctx.secure) {
          const run = runFakeShell(`zip -q "/srv/shop/exports/${filename}" orders.csv`);
          if (!run.ok) return sendError(res, 500, 'the export failed');
          await ctx.sleep(run.sleepSeconds);
        }
        sendJson(res, 201, { id: ctx.data.nextId(), filename, status: 'done' });
      },
    },
  ];
}
