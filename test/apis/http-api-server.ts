import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpApiServer {
  url: string;
  /** Every request, in order of arrival. */
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/**
 * A loopback API for http_request: JSON, text, gzip, redirect chains and a loop, cookies that are
 * set and then required, slow answers, and statuses with the headers their hints read.
 */
export async function startHttpApiServer(): Promise<HttpApiServer> {
  const received: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      route(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function route(request: ReceivedRequest, res: http.ServerResponse): void {
  const url = new URL(request.url, 'http://api.test');
  const json = (status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(value));
  };
  const redirect = (status: number, location: string, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { location, ...headers });
    res.end();
  };
  const path = url.pathname;
  const status = /^\/status\/(\d{3})$/.exec(path);
  if (status) return json(Number(status[1]), { status: Number(status[1]) }, Object.fromEntries(url.searchParams));
  // /hop/301 → /hop/302 → /hop/303 → /hop/307 → /echo
  const hop = { '/hop/301': [301, '/hop/302'], '/hop/302': [302, '/hop/303'], '/hop/303': [303, '/hop/307'], '/hop/307': [307, '/echo'] }[path];
  if (hop) return redirect(hop[0] as number, hop[1] as string);
  switch (path) {
    case '/echo':
      return json(200, {
        method: request.method,
        query: url.search,
        contentType: request.headers['content-type'] ?? null,
        cookie: request.headers.cookie ?? null,
        body: request.body,
      });
    case '/text':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('plain words');
    case '/gzip':
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return void res.end(gzipSync(JSON.stringify({ compressed: true })));
    case '/redirect':
      return redirect(Number(url.searchParams.get('status')), url.searchParams.get('to') ?? '/echo');
    case '/signed-redirect':
      return redirect(302, '/echo?api_key=k-123456');
    case '/loop/a':
      return redirect(302, '/loop/b');
    case '/loop/b':
      return redirect(302, '/loop/a');
    case '/login':
      return json(200, { ok: true, token: 'tok_live_4f9a8b7c6d5e' }, { 'set-cookie': ['session=abc123secret; Path=/; HttpOnly', 'scoped=yes; Path=/account'] });
    case '/login-then-go':
      return redirect(302, '/account/me', { 'set-cookie': 'session=fromredirect; Path=/' });
    case '/logout':
      return json(200, { ok: true }, { 'set-cookie': 'session=; Path=/; Max-Age=0' });
    case '/account/me': {
      const cookie = request.headers.cookie ?? '';
      if (!/\bsession=[^;]+/.test(cookie)) return json(401, { error: 'log in first' }, { 'www-authenticate': 'Cookie realm="app"' });
      return json(200, { user: 'ada', cookie });
    }
    case '/slow':
      setTimeout(() => json(200, { slow: true }), Number(url.searchParams.get('ms') ?? 0));
      return;
    case '/hang':
      return; // never answers
    default:
      return json(404, { error: 'not found', path });
  }
}
