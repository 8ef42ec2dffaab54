import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** An HTTPS server on 127.0.0.1 whose certificate nobody signed: what stands in for an API it is not. */
export interface SelfSignedServer {
  /** `https://127.0.0.1:PORT` */
  url: string;
  /** The headers of every request that got through the TLS handshake. */
  received: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** A fresh key and self-signed certificate from openssl, then a server answering every request with `body` as JSON. */
export async function startSelfSignedServer(body: unknown): Promise<SelfSignedServer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'falcon-tls-'));
  const key = path.join(folder, 'key.pem');
  const cert = path.join(folder, 'cert.pem');
  try {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    const received: IncomingHttpHeaders[] = [];
    const server: Server = createServer({ key: await readFile(key), cert: await readFile(cert) }, (request, response) => {
      received.push(request.headers);
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `https://127.0.0.1:${port}`,
      received,
      close: () =>
        new Promise((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
