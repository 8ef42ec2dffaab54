import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useSkippingClock } from '../../../../support/skipping-clock.js';
import { scanLoopbackApi } from './loopback-scan.js';

// The APIs' sleeps move the scanner's clock on instead of keeping it waiting (the e2e scan recall
// runs the real ones): the check's verdicts, its timings and its budget follow that clock.
const clock = useSkippingClock();

const pingPaths = {
  '/diagnostics/ping': {
    get: {
      parameters: [{ name: 'host', in: 'query', required: true, schema: { type: 'string' }, example: 'example.com' }],
      responses: { '200': { description: 'Ping output' } },
    },
  },
};

const exportPaths = {
  '/exports': {
    post: {
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { type: 'object', required: ['filename'], properties: { filename: { type: 'string', example: 'orders.zip' } } } },
        },
      },
      responses: { '201': { description: 'Exported' } },
    },
  },
};

/**
 * The seconds `sh -c command` sleeps: each `sleep N` run as a command, after ; | or & outside
 * double quotes, or substituted from $() or backquotes anywhere.
 */
function shSleepSeconds(command: string): number {
  let outside = '';
  let quoted = false;
  for (const character of command) {
    if (character === '"') quoted = !quoted;
    outside += quoted ? ' ' : character;
  }
  const chained = [...outside.matchAll(/[;|&]\s*sleep\s+(\d+)/g)];
  const substituted = [...command.matchAll(/(?:\$\(|`)\s*sleep\s+(\d+)\s*[)`]/g)];
  return [...chained, ...substituted].reduce((total, match) => total + Number(match[1]), 0);
}

/** The seconds `cmd.exe /c command` takes: `ping -n N` after & waits a second between echoes. */
function cmdSleepSeconds(command: string): number {
  return [...command.matchAll(/&\s*ping -n (\d+) 127\.0\.0\.1/g)].reduce((total, match) => total + Number(match[1]) - 1, 0);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Runs `ping -c 1 <host>` through a shell, `host` pasted in; `delayMs` slows each answer. */
function pingApi(sleepSeconds: (command: string) => number, { validates = false, delayMs = () => 0 }: { validates?: boolean; delayMs?: () => number } = {}) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    const host = new URL(request.url!, 'http://api').searchParams.get('host') ?? '';
    await clock.sleep(delayMs());
    if (validates && !/^[a-z0-9.-]+$/i.test(host)) return send(response, 400, { error: 'host must be a host name' });
    await clock.sleep(sleepSeconds(`ping -c 1 ${host}`) * 1000);
    send(response, 200, { output: `PING ${host}: 1 packets transmitted, 1 received` });
  };
}

/** Zips into `"/srv/exports/<filename>"` through a shell: inside double quotes only $() and backquotes run. */
async function exportApi(request: IncomingMessage, response: ServerResponse) {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const { filename } = JSON.parse(text) as { filename: string };
  await clock.sleep(shSleepSeconds(`zip -q "/srv/exports/${filename}" orders.csv`) * 1000);
  send(response, 201, { filename, status: 'done' });
}

describe('command_injection', () => {
  it('reports a sleep run after ; in a query parameter, for 2 s then 1 s, as critical', async () => {
    const result = await scanLoopbackApi({ paths: pingPaths, handler: pingApi(shSleepSeconds), checks: ['command_injection'] });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({
      rule: 'command_injection',
      owasp: 'API8:2023',
      cwe: 'CWE-78',
      severity: 'critical',
      method: 'GET',
      path: '/diagnostics/ping',
    });
    // How much later is measured: the seconds asked for, plus whatever a busy machine adds.
    expect(result.findings[0]!.title).toMatch(
      /query parameter "host" runs \(a shell, after ;\): answered \d+\.\d s and \d+\.\d s later than normal \(\d+\.\d s\) when asked to sleep 2 s, then 1 s/,
    );
    expect(result.findings[0]!.evidence.request).toContain('host=example.com%3Bsleep%202');
  });

  it('reports a body field pasted inside double quotes, where only $() runs', async () => {
    const result = await scanLoopbackApi({ paths: exportPaths, handler: exportApi, checks: ['command_injection'] });
    expect(result.findings.map((finding) => [finding.severity, finding.method, finding.path, finding.title])).toEqual([
      ['critical', 'POST', '/exports', expect.stringContaining('body field "filename" runs (a shell, in $())')],
    ]);
  });

  it("reports Windows' ping after &", async () => {
    const result = await scanLoopbackApi({ paths: pingPaths, handler: pingApi(cmdSleepSeconds), checks: ['command_injection'] });
    expect(result.findings.map((finding) => finding.title)).toEqual([expect.stringContaining('(cmd.exe, after &)')]);
  });

  it('reports nothing when the host is checked first, nor when every answer takes 0 to 300 ms', async () => {
    for (const delayMs of [() => 0, () => Math.random() * 300]) {
      const result = await scanLoopbackApi({ paths: pingPaths, handler: pingApi(shSleepSeconds, { validates: true, delayMs }), checks: ['command_injection'] });
      expect(result.findings).toEqual([]);
    }
  });
});
