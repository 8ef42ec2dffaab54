import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../../../src/engines/http/send-request.js';
import { type HttpApiServer, startHttpApiServer } from '../../apis/http-api-server.js';

let api: HttpApiServer;
beforeAll(async () => {
  api = await startHttpApiServer();
});
afterAll(async () => {
  await api.close();
});

describe('sendRequest timing', () => {
  it('splits the time into dns, connect, tls and first byte, which add up to no more than the total', async () => {
    const response = await sendRequest({ method: 'GET', url: `${api.url}/slow?ms=150` });
    const { dnsMs, connectMs, tlsMs, firstByteMs, totalMs } = response.timing;
    for (const value of [dnsMs, connectMs, tlsMs, firstByteMs, totalMs]) expect(value).toBeGreaterThanOrEqual(0);
    expect(dnsMs).toBe(0); // an IP address is not looked up
    expect(tlsMs).toBe(0); // plain http
    expect(firstByteMs).toBeGreaterThanOrEqual(140); // the server waits 150 ms before answering
    expect(dnsMs + connectMs + tlsMs + firstByteMs).toBeLessThanOrEqual(totalMs);
    expect(response.durationMs).toBeGreaterThanOrEqual(Math.floor(totalMs));
  });

  it('times the lookup of a host name', async () => {
    const server = http.createServer((_req, res) => res.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const response = await sendRequest({ method: 'GET', url: `http://localhost:${port}/` });
      expect(response.body).toBe('hello');
      expect(response.timing.dnsMs).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  });

  it('opens a connection per request, so each one shows its own connect time', async () => {
    await sendRequest({ method: 'GET', url: `${api.url}/text` });
    await sendRequest({ method: 'GET', url: `${api.url}/text` });
    const [first, second] = api.received.slice(-2);
    expect(first?.headers.connection).toBe('close');
    expect(second?.headers.connection).toBe('close');
  });

  it('times out a slow answer, and decompresses gzip', async () => {
    await expect(sendRequest({ method: 'GET', url: `${api.url}/slow?ms=2000`, timeoutMs: 100 })).rejects.toMatchObject({
      failure: 'timeout',
      message: `timed out after 100 ms waiting for ${api.url}`,
    });
    const gzip = await sendRequest({ method: 'GET', url: `${api.url}/gzip` });
    expect(gzip.body).toBe('{"compressed":true}');
    expect(gzip.sizeBytes).toBe(gzipSync(gzip.body).length);
  });
});
