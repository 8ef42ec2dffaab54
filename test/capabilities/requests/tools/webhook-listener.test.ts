import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { ToolError } from '../../../../src/kit/tool/tool.js';
import { validateToolArgs } from '../../../../src/kit/tool/validate-args.js';
import { webhookListenerTool } from '../../../../src/capabilities/requests/tools/webhook-listener.js';
import { sendWebhook } from '../../../engines/webhooks/webhook-sender.js';
import { toolContext } from '../../../tools/temp-project.js';

let ctx: ToolContext;
afterEach(() => {
  vi.useRealTimers();
  return ctx.session.webhooks.dispose();
});

type Args = Parameters<typeof webhookListenerTool.run>[0];
const run = (args: Args, context = ctx) => webhookListenerTool.run(args, context);
const urlIn = (output: string) => /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(output)![0];

describe('webhook_listener', () => {
  it('starts on a free loopback port, records a webhook, shows it with secrets masked', async () => {
    ctx = toolContext(process.cwd());
    const started = await run({ action: 'start', path: '/hooks/orders' });
    const url = urlIn(started);
    expect(started).toMatch(
      /^Listening at http:\/\/127\.0\.0\.1:(\d+)\/hooks\/orders \(port \1; records requests to \/hooks\/orders, any method; only this machine can reach it\)\.\n/,
    );
    await sendWebhook(`${url}?attempt=1`, {
      headers: { 'content-type': 'application/json', authorization: 'Bearer whsec_live_0123456789', 'x-signature': 't=1,v1=abc' },
      body: JSON.stringify({ event: 'order.paid', id: 7, api_key: 'sk_live_abcdef' }),
    });
    const output = await run({ action: 'get_requests' });
    expect(output.split('\n')).toEqual([
      `1 request received at ${url} (listening):`,
      expect.stringMatching(/^#1 \d\d:\d\d:\d\d\.\d{3} UTC POST \/hooks\/orders · 56 B$/),
      '  query: {"attempt":"1"}',
      '  content-type: application/json',
      '  authorization: Bearer [masked]',
      '  x-signature: t=1,v1=abc',
      '  {',
      '    "event": "order.paid",',
      '    "id": 7,',
      '    "api_key": "[masked]"',
      '  }',
    ]);
  });

  it('get_requests waits for the first request when none has come yet', async () => {
    ctx = toolContext(process.cwd());
    const url = urlIn(await run({ action: 'start' }));
    setTimeout(() => void sendWebhook(`${url}anything`, { method: 'PUT', body: 'late' }), 150);
    // Five minutes: only the request can end the wait within the test's timeout.
    const output = await run({ action: 'get_requests', timeout_seconds: 300 });
    expect(output).toMatch(/^1 request received at .+ \(listening\):\n#1 .+ PUT \/anything · 4 B\n/);
    expect(output).toMatch(/\n {2}late$/);
  });

  it('get_requests says when nothing came, and what went to other paths', async () => {
    ctx = toolContext(process.cwd());
    const url = urlIn(await run({ action: 'start', path: 'hooks' }));
    await sendWebhook(url.replace('/hooks', '/wrong'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const answer = run({ action: 'get_requests', timeout_seconds: 0.2 });
    await vi.advanceTimersByTimeAsync(200);
    expect((await answer).split('\n')).toEqual([
      `No requests at ${url} (listening) after waiting 200 ms. Is the sender pointed at this URL?`,
      '1 request(s) went to other paths (last: /wrong) and were answered 404.',
    ]);
  });

  it('stop closes the server; get_requests still returns what it captured', async () => {
    ctx = toolContext(process.cwd());
    const url = urlIn(await run({ action: 'start' }));
    await sendWebhook(url, { body: 'one' });
    expect(await run({ action: 'stop' })).toMatch(
      new RegExp(
        `^Stopped the listener at ${url} after (?:\\d+ ms|[\\d.]+ s|\\d+ min(?: \\d+ s)?): 1 request captured \\(get_requests still shows them\\)\\.$`,
      ),
    );
    await expect(sendWebhook(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // A stopped listener is not waited for: on a clock that never moves, a wait would never end.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(await run({ action: 'get_requests' })).toMatch(new RegExp(`^1 request received at ${url} \\(stopped\\):\\n#1 .+ POST / · 3 B\\n(.+\\n)*  one$`));
    vi.useRealTimers();
    expect(await run({ action: 'stop' })).toBe(`The listener at ${url} was already stopped; 1 request captured.`);
  });

  it('keeps several listeners apart by port', async () => {
    ctx = toolContext(process.cwd());
    const first = urlIn(await run({ action: 'start' }));
    const second = urlIn(await run({ action: 'start' }));
    const port = (url: string) => Number(new URL(url).port);
    await sendWebhook(second, { body: 'to second' });
    await expect(run({ action: 'get_requests' })).rejects.toThrow(
      new ToolError(`several webhook listeners (ports: ${port(first)}, ${port(second)}): give the port`),
    );
    expect(await run({ action: 'get_requests', port: port(second) })).toContain('to second');
    expect(await run({ action: 'get_requests', port: port(first), timeout_seconds: 0 })).toMatch(/^No requests at /);
    await run({ action: 'stop', port: port(first) });
    expect(await run({ action: 'stop' })).toContain(`Stopped the listener at ${second}`);
  });

  it('turns a missing listener and a taken port into tool errors', async () => {
    ctx = toolContext(process.cwd());
    await expect(run({ action: 'get_requests' })).rejects.toThrow(new ToolError('no webhook listener has been started in this session: start one first'));
    const url = urlIn(await run({ action: 'start' }));
    const port = Number(new URL(url).port);
    await expect(run({ action: 'start', port })).rejects.toThrow(new ToolError(`a webhook listener is already running on port ${port} (${url})`));
  });

  it('stops waiting at once when the run is cancelled', async () => {
    const controller = new AbortController();
    ctx = toolContext(process.cwd(), controller.signal);
    await run({ action: 'start' });
    setTimeout(() => controller.abort(), 50);
    // Five minutes: only the cancellation can end the wait within the test's timeout.
    const error = await run({ action: 'get_requests', timeout_seconds: 300 }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
  });

  it('refuses bad arguments for every action', () => {
    ctx = toolContext(process.cwd());
    const problems = (args: Record<string, unknown>) => {
      const result = validateToolArgs(webhookListenerTool, args);
      return result.ok ? 'ok' : result.problems;
    };
    expect(problems({})).toBe('action: expected one of "start", "stop", "get_requests", received undefined');
    expect(problems({ action: 'listen' })).toBe('action: expected one of "start", "stop", "get_requests", received "listen"');
    expect(problems({ action: 'start', port: 70_000, timeout_seconds: 5 })).toBe('port: at most 65535; timeout_seconds: only used by action "get_requests"');
    expect(problems({ action: 'stop', path: '/x' })).toBe('path: only used by action "start"');
    expect(problems({ action: 'get_requests', timeout_seconds: 301 })).toBe('timeout_seconds: at most 300 (5 minutes)');
    expect(problems({ action: 'get_requests', port: 1.5 })).toBe('port: expected integer, received 1.5');
  });
});
