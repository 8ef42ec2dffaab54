import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ThemeName } from '../../config/types.js';
import { streamSessionFeed } from '../live/session-feed.js';
import { messagePage } from '../pages/message-page.js';
import { dashboardSections, renderPage, type Section } from '../pages/page-layout.js';
import { reportFaces } from '../read/report-faces.js';
import { refusalPage } from '../pages/refusal-page.js';
import { guardRequest, newDashboardToken } from './access-guard.js';
import { routeRequest } from './dashboard-routes.js';
import { pageHeaders } from './page-headers.js';

export interface DashboardOptions {
  projectRoot: string;
  /** 0: any free port. */
  port: number;
  theme: ThemeName;
  /** Where the checkpoints are (`<FALCON_HOME>`): a session's page then lists them and shows its diff. */
  falconHome?: string;
}

export interface RunningDashboard {
  /** `http://127.0.0.1:PORT/?token=…`: the address to open, once; the page keeps the token as a cookie. */
  url: string;
  port: number;
  /** Ends the live feeds and stops listening. */
  close(): Promise<void>;
}

/** The port asked for is taken by another program. */
export class DashboardPortError extends Error {
  override name = 'DashboardPortError';
}

/**
 * Serves the dashboard of `projectRoot` on 127.0.0.1 only (nothing another machine can reach),
 * behind a token made for this run (server/access-guard.ts). Pages are rendered from the project's
 * files at each request.
 */
export async function startDashboard(options: DashboardOptions): Promise<RunningDashboard> {
  const token = newDashboardToken();
  const feeds = new Set<() => void>();
  let port = options.port;
  // The report sections come from the capabilities, imported at the first page rather than at start.
  const navigation = async () => dashboardSections(await reportFaces());
  const server = createServer((request, response) => {
    void answer(request, response).catch(async (error: unknown) => {
      if (response.headersSent) return void response.end();
      const page = {
        ...messagePage('overview', 'This page could not be drawn', `The dashboard failed to read or draw it: ${(error as Error).message}`),
        status: 500,
      };
      sendPage(response, page, await navigation().catch(() => dashboardSections([])), request.method === 'HEAD');
    });
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const decision = guardRequest(
      { method: request.method ?? 'GET', url: request.url ?? '/', host: request.headers.host, cookie: request.headers.cookie },
      { token, port },
    );
    if (decision.kind === 'refuse') {
      response.writeHead(decision.status, { ...pageHeaders(''), ...(decision.status === 405 && { Allow: 'GET, HEAD' }) });
      response.end(request.method === 'HEAD' ? undefined : refusalPage(decision.status, decision.reason));
      return;
    }
    if (decision.kind === 'redirect') {
      response.writeHead(303, { Location: decision.location, 'Set-Cookie': decision.setCookie, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
      response.end();
      return;
    }
    const route = await routeRequest(new URL(request.url ?? '/', `http://127.0.0.1:${port}`), options.projectRoot, options.falconHome);
    if (route.kind === 'feed') {
      const stop = streamSessionFeed(request, response, route.file, route.from);
      feeds.add(stop);
      request.on('close', () => feeds.delete(stop));
      return;
    }
    sendPage(response, route.page, await navigation(), request.method === 'HEAD');
  }

  function sendPage(response: ServerResponse, page: Parameters<typeof renderPage>[0], sections: readonly Section[], headOnly: boolean): void {
    const nonce = randomBytes(16).toString('base64');
    const html = renderPage(page, { sections, theme: options.theme, projectRoot: options.projectRoot, nonce });
    response.writeHead(page.status ?? 200, pageHeaders(nonce));
    response.end(headOnly ? undefined : html);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE' ? new DashboardPortError(`port ${options.port} on 127.0.0.1 is taken; choose another, or 0 for any free port`) : error,
      );
    });
    server.listen(options.port, '127.0.0.1', resolve);
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    close: async () => {
      for (const stop of feeds) stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
