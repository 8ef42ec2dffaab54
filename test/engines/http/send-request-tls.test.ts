import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../../../src/engines/http/send-request.js';
import { requireTool } from '../../support/required-tools.js';

describe('sendRequest over https', requireTool('openssl'), () => {
  let folder: string;
  let server: https.Server;
  let url: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'falcon-tls-'));
    const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
      stdio: 'ignore',
    });
    server = https.createServer({ key: await readFile(key), cert: await readFile(cert) }, (_req, res) => res.end('secure'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  it('explains a certificate it cannot trust', async () => {
    await expect(sendRequest({ method: 'GET', url })).rejects.toMatchObject({
      failure: 'tls',
      message: `TLS problem with ${url.slice(0, -1)}: self-signed certificate`,
    });
  });
});
