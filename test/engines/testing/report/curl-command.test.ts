import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlCommand } from '../../../../src/engines/testing/report/curl-command.js';
import { requireTool } from '../../../support/required-tools.js';

const run = promisify(execFile);

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('curlCommand', () => {
  it('leaves out what curl sends by itself and says -X only when curl would not guess the method', () => {
    expect(
      curlCommand({ method: 'GET', url: 'http://api.test/pets', headers: { accept: '*/*', 'user-agent': 'falcon', host: 'api.test', 'content-length': '0' } }),
    ).toBe("curl -sS -i 'http://api.test/pets'");
    expect(curlCommand({ method: 'DELETE', url: 'http://api.test/pets/1', headers: {} })).toBe("curl -sS -i -X DELETE 'http://api.test/pets/1'");
    expect(curlCommand({ method: 'HEAD', url: 'http://api.test/pets', headers: {} })).toBe("curl -sS -I 'http://api.test/pets'");
  });

  describe('run in a shell against a real server', requireTool('curl'), () => {
    let server: http.Server;
    let base: string;
    const received: Received[] = [];

    beforeAll(async () => {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end(req.method === 'HEAD' ? undefined : 'ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    async function replay(line: string): Promise<{ output: string; request: Received }> {
      received.length = 0;
      const { stdout } = await run('sh', ['-c', line], { timeout: 10_000 });
      expect(received).toHaveLength(1);
      return { output: stdout, request: received[0]! };
    }

    it('sends the same method, URL, headers and body, whatever quotes, dollars and backticks they hold', async () => {
      const body = `{"note":"it's $HOME and \`id\` and $(echo no) \\\\ done","emoji":"🦅"}\nsecond line\t'quoted'`;
      const { output, request } = await replay(
        curlCommand({
          method: 'POST',
          url: `${base}/pets?name=O'Brien&tag=a%20b`,
          headers: { 'content-type': 'application/json', 'x-quote': `say "hi" it's $USER`, 'user-agent': 'falcon' },
          body,
        }),
      );
      expect(output).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(request.method).toBe('POST');
      expect(request.url).toBe("/pets?name=O'Brien&tag=a%20b");
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-quote']).toBe(`say "hi" it's $USER`);
      expect(request.body).toBe(body);
    });

    it('sends a GET with a body as a GET, a HEAD without waiting for a body, and an empty header as empty', async () => {
      const get = await replay(curlCommand({ method: 'GET', url: `${base}/search`, headers: { 'x-empty': '' }, body: 'q=1' }));
      expect(get.request.method).toBe('GET');
      expect(get.request.body).toBe('q=1');
      expect(get.request.headers['x-empty']).toBe('');
      const head = await replay(curlCommand({ method: 'HEAD', url: `${base}/pets`, headers: {} }));
      expect(head.request.method).toBe('HEAD');
    });

    it('sends brackets and braces in the URL as they are instead of expanding them', async () => {
      const { request } = await replay(curlCommand({ method: 'GET', url: `${base}/pets?ids[]=1&filter={"a":1}`, headers: {} }));
      expect(request.url).toBe('/pets?ids[]=1&filter={"a":1}');
    });
  });
});
