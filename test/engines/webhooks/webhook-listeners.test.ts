import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_KEPT_REQUESTS } from '../../../src/engines/webhooks/webhook-listener.js';
import { WebhookListenerError, WebhookListeners } from '../../../src/engines/webhooks/webhook-listeners.js';
import { unusedPort } from '../../apis/http-test-server.js';
import { sendWebhook } from './webhook-sender.js';

let listeners: WebhookListeners;
afterEach(() => {
  vi.useRealTimers();
  return listeners.dispose();
});
const signal = () => new AbortController().signal;

describe('WebhookListeners', () => {
  it('records each request at its path with query, masked secret headers and body', async () => {
    listeners = new WebhookListeners();
    const listener = await listeners.start({ path: 'hooks/github/' });
    expect(listener.url).toBe(`http://127.0.0.1:${listener.port}/hooks/github`);
    const sent = await sendWebhook(`http://127.0.0.1:${listener.port}/hooks/github?event=push&tag=a&tag=b`, {
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-live-123', cookie: 'sid=1', 'x-hub-signature-256': 'sha256=abc' },
      body: '{"action":"opened"}',
    });
    expect(sent).toEqual({ status: 200, body: '{"received":true}' });
    expect(listener.requests).toEqual([
      {
        method: 'POST',
        path: '/hooks/github',
        query: { event: 'push', tag: ['a', 'b'] },
        headers: expect.objectContaining({ authorization: 'Bearer ***', cookie: '***', 'x-hub-signature-256': 'sha256=abc' }),
        body: '{"action":"opened"}',
        sizeBytes: 19,
        receivedAt: expect.any(Date),
      },
    ]);
  });

  it('answers 404 to other paths and counts them without recording', async () => {
    listeners = new WebhookListeners();
    const listener = await listeners.start({ path: '/hooks' });
    const sent = await sendWebhook(`http://127.0.0.1:${listener.port}/wrong`, { body: 'x' });
    expect(sent.status).toBe(404);
    expect(sent.body).toContain('the webhook listener is at /hooks');
    expect(listener.requests).toEqual([]);
    expect(listener.ignored).toEqual({ count: 1, lastPath: '/wrong' });
  });

  it('waits for the first request, gives up after the timeout, and stops waiting on abort', async () => {
    listeners = new WebhookListeners();
    const listener = await listeners.start({});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let gaveUp = false;
    const timed = listener.waitForRequest(150, signal()).then(() => (gaveUp = true));
    await vi.advanceTimersByTimeAsync(149);
    expect(gaveUp).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await timed;
    expect(listener.requests).toEqual([]);
    vi.useRealTimers();

    // Ten minutes: only the request, then the abort, can end these waits within the test's timeout.
    setTimeout(() => void sendWebhook(listener.url, { body: 'late' }), 100);
    await listener.waitForRequest(600_000, signal());
    expect(listener.requests.map((request) => request.body)).toEqual(['late']);

    const other = await listeners.start({});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(other.waitForRequest(600_000, controller.signal)).rejects.toThrow(/abort/i);
  });

  it('keeps what it captured after stop, refuses connections, and keeps it through a restart on the same port', async () => {
    listeners = new WebhookListeners();
    const listener = await listeners.start({});
    await sendWebhook(listener.url, { body: 'one' });
    const waiting = listener.waitForRequest(10_000, signal());
    await listener.stop();
    expect(listener.running).toBe(false);
    await waiting; // stopping wakes waiters: nothing more can arrive
    await expect(sendWebhook(listener.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(listeners.find().requests).toHaveLength(1);

    const again = await listeners.start({ port: listener.port });
    await sendWebhook(again.url, { body: 'two' });
    expect(again.requests.map((request) => request.body)).toEqual(['one', 'two']);
  });

  it('keeps the newest requests when too many arrive', async () => {
    listeners = new WebhookListeners();
    const listener = await listeners.start({});
    for (let i = 0; i < MAX_KEPT_REQUESTS + 3; i += 1) await sendWebhook(listener.url, { body: String(i) });
    expect(listener.requests).toHaveLength(MAX_KEPT_REQUESTS);
    expect(listener.dropped).toBe(3);
    expect(listener.requests[0]!.body).toBe('3');
  });

  it('finds listeners by port, or the only one, and says what to do otherwise', async () => {
    listeners = new WebhookListeners();
    expect(() => listeners.find()).toThrow(new WebhookListenerError('no webhook listener has been started in this session: start one first'));
    const first = await listeners.start({});
    const second = await listeners.start({});
    expect(listeners.find(second.port)).toBe(second);
    expect(() => listeners.find()).toThrow(`several webhook listeners (ports: ${first.port}, ${second.port}): give the port`);
    await first.stop();
    expect(listeners.find()).toBe(second);
    expect(() => listeners.find(1)).toThrow(`no webhook listener on port 1 (ports: ${first.port} (stopped), ${second.port})`);
  });

  it('refuses a port that is taken, by itself or by another program', async () => {
    listeners = new WebhookListeners();
    const listener = await listeners.start({});
    await expect(listeners.start({ port: listener.port })).rejects.toThrow(`a webhook listener is already running on port ${listener.port} (${listener.url})`);
    const other = http.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    try {
      await expect(listeners.start({ port })).rejects.toThrow(`port ${port} is already in use by another program: pick another port, or 0 for a free one`);
    } finally {
      other.close();
    }
  });

  it('dispose stops every listener', async () => {
    listeners = new WebhookListeners();
    const port = await unusedPort();
    const listener = await listeners.start({ port });
    expect(listener.port).toBe(port);
    await listeners.dispose();
    expect(listener.running).toBe(false);
    await expect(sendWebhook(listener.url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
