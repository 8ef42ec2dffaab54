import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlCommand, curlLines } from '../../../../src/engines/testing/report/curl-command.js';
import { maskRun } from '../../../../src/engines/testing/report/mask-run.js';
import { renderReport } from '../../../../src/engines/testing/report/render-report.js';
import type { TestRun } from '../../../../src/engines/testing/test-run.js';
import { SecretRegistry } from '../../../../src/safety/secret-registry.js';
import { requireTool } from '../../../support/required-tools.js';

const run = promisify(execFile);
const TOKEN = 'Zq8Lm3vN-x0Tk9wR';

describe('curl lines for masked values', () => {
  it('sends a value masked under a name as that variable, and says to set it', () => {
    expect(curlLines({ method: 'GET', url: 'http://api.test/me', headers: { 'X-Custom': '[masked:TOKEN]' } })).toEqual({
      command: `curl -sS -i 'http://api.test/me' -H "X-Custom: $TOKEN"`,
      note: '# set TOKEN first (its value is masked here)',
    });
  });

  it('names a value masked without a name after its header, query parameter or field', () => {
    const { command, note } = curlLines({
      method: 'POST',
      url: 'http://api.test/login?api_key=[masked]',
      headers: { 'X-API-Key': '[masked]', authorization: 'Bearer [masked]', 'content-type': 'application/json' },
      body: '{"user":"ada","password":"[masked]","note":"it\'s $5!"}',
    });
    expect(command).toBe(
      `curl -sS -i -X POST "http://api.test/login?api_key=$API_KEY" -H "X-API-Key: $X_API_KEY" -H "authorization: Bearer $AUTHORIZATION"` +
        ` -H 'content-type: application/json' --data-raw "{\\"user\\":\\"ada\\",\\"password\\":\\"$PASSWORD\\",\\"note\\":\\"it's \\$5"'!'"\\"}"`,
    );
    expect(note).toBe('# set API_KEY, X_API_KEY, AUTHORIZATION and PASSWORD first (their values are masked here)');
  });

  it('puts the note above the command in a report block, and has none when nothing is masked', () => {
    expect(curlCommand({ method: 'GET', url: 'http://api.test/x', headers: { 'x-key': 'k[masked:KEY]' } })).toBe(
      `# set KEY first (its value is masked here)\ncurl -sS -i 'http://api.test/x' -H "x-key: k$KEY"`,
    );
    expect(curlCommand({ method: 'GET', url: 'http://api.test/x', headers: { 'x-key': '[masked:KEY]_2' } })).toContain('"x-key: ${KEY}_2"');
    expect(curlLines({ method: 'GET', url: 'http://api.test/x', headers: {} })).toEqual({ command: "curl -sS -i 'http://api.test/x'" });
  });

  describe('run in a shell with the variables set', requireTool('curl'), () => {
    let server: http.Server;
    let base: string;
    const received: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          received.push({ url: req.url ?? '', headers: req.headers, body });
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('sends the real values once the user sets them', async () => {
      const line = curlCommand({
        method: 'POST',
        url: `${base}/login?api_key=[masked]`,
        headers: { 'X-Custom': '[masked:TOKEN]' },
        body: '{"password":"[masked]","note":"$HOME `id` \\\\ it\'s!"}',
      });
      await run('sh', ['-c', line], { env: { PATH: process.env.PATH, TOKEN, API_KEY: 'k1-2', PASSWORD: 'p"w$x' }, timeout: 10_000 });
      expect(received.at(-1)).toMatchObject({
        url: '/login?api_key=k1-2',
        headers: { 'x-custom': TOKEN },
        body: '{"password":"p"w$x","note":"$HOME `id` \\\\ it\'s!"}',
      });
    });
  });
});

describe('reports of a run whose secret the API echoed', () => {
  const secrets = new SecretRegistry();
  secrets.register(TOKEN, 'TOKEN');
  const echoed: TestRun = {
    title: 'Echo 1.0.0',
    baseUrl: 'http://127.0.0.1:4010',
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 10,
    checks: ['not_a_server_error'],
    operations: { total: 1, covered: 1 },
    results: [
      {
        case: {
          id: 'echo/happy',
          name: 'GET /echo',
          kind: 'happy',
          operationId: 'echo',
          tags: [],
          request: { method: 'GET', path: '/echo', headers: { 'X-Custom': '{{env:TOKEN}}' } },
        },
        outcome: 'failed',
        findings: [{ kind: 'not_a_server_error', message: `server error 500: {"raw":"${TOKEN}"}` }],
        request: { method: 'GET', url: `http://127.0.0.1:4010/echo?t=${encodeURIComponent(TOKEN)}`, headers: { 'X-Custom': TOKEN } },
        response: {
          status: 500,
          statusText: 'Internal Server Error',
          headers: { 'x-echo': TOKEN, 'x-echo-b64': Buffer.from(TOKEN).toString('base64') },
          body: JSON.stringify({ raw: TOKEN, url: encodeURIComponent(TOKEN), b64: Buffer.from(TOKEN).toString('base64') }),
          durationMs: 5,
        },
        durationMs: 6,
      },
    ],
  };

  it.each(['md', 'json', 'junit', 'html'] as const)('the %s report holds the value in no form, and its curl line sends $TOKEN', (format) => {
    const report = renderReport(echoed, format, secrets);
    for (const form of [TOKEN, encodeURIComponent(TOKEN), Buffer.from(TOKEN).toString('base64')]) expect(report).not.toContain(form);
    if (format !== 'json') expect(report).toContain('-H "X-Custom: $TOKEN"');
    if (format !== 'json') expect(report).toContain('# set TOKEN first');
  });

  it('keeps the run itself as it was', () => {
    const masked = maskRun(echoed, secrets);
    expect(masked.results[0]?.request?.headers['X-Custom']).toBe('[masked:TOKEN]');
    expect(echoed.results[0]?.request?.headers['X-Custom']).toBe(TOKEN);
  });
});
