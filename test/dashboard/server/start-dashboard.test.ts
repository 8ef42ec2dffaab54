import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DashboardPortError, type RunningDashboard, startDashboard } from '../../../src/dashboard/server/start-dashboard.js';
import { closedRun } from '../../engines/perf/report/sample-perf-results.js';

let root: string;
let dashboard: RunningDashboard;
let cookie: string;

const SESSION = 'session-1';
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const answer = (text: string) => line({ kind: 'event', at: 'now', event: { type: 'answer', text } });

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'falcon-dashboard-'));
  await mkdir(path.join(root, '.falcon', 'sessions'), { recursive: true });
  await mkdir(path.join(root, '.falcon', 'reports'), { recursive: true });
  await writeFile(path.join(root, '.falcon', 'sessions', `${SESSION}.jsonl`), line({ kind: 'message', at: 'now', role: 'user', content: 'hello' }));
  dashboard = await startDashboard({ projectRoot: root, port: 0, theme: 'dark' });
  const signIn = await fetch(dashboard.url, { redirect: 'manual' });
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
});
afterEach(async () => {
  await dashboard.close();
  await rm(root, { recursive: true, force: true });
});

const origin = () => `http://127.0.0.1:${dashboard.port}`;
const get = (pathname: string, init: RequestInit = {}) => fetch(`${origin()}${pathname}`, { ...init, headers: { cookie, ...init.headers } });

describe('startDashboard', () => {
  it('listens on 127.0.0.1 at the port it was given, 0 meaning any free one', () => {
    expect(dashboard.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${dashboard.port}/\\?token=[\\w-]{43}$`));
    expect(dashboard.port).toBeGreaterThan(0);
  });

  it('says when its port is taken', async () => {
    await expect(startDashboard({ projectRoot: root, port: dashboard.port, theme: 'auto' })).rejects.toThrow(DashboardPortError);
  });

  it('sends every page with a nonce-only Content-Security-Policy, uncached, never framed', async () => {
    const response = await get('/');
    const policy = response.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]!;
    expect(policy).toBe(
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(await response.text()).toContain(`<style nonce="${nonce}">`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const again = await get('/');
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
  });

  it('answers a path it does not have, or one that reaches out of its folders, with 404', async () => {
    for (const pathname of [
      '/nope',
      '/sessions/..%2F..%2Fetc%2Fpasswd',
      '/sessions/.hidden',
      '/tests/..%2Fconfig.json',
      '/tests/%E0%A4%A',
      '/sessions/session-1/more',
      '/tests/x.json/y',
    ]) {
      expect((await get(pathname)).status, pathname).toBe(404);
    }
  });

  it('never follows a link in .falcon/reports/', async () => {
    const outside = path.join(root, 'outside.json');
    await writeFile(outside, JSON.stringify(closedRun()));
    await symlink(outside, path.join(root, '.falcon', 'reports', 'linked.json'));
    expect(await (await get('/load/linked.json')).text()).toContain('not a regular file (a link or a folder): not read');
  });

  it('never follows a link in .falcon/sessions/, and lists the sessions beside a FIFO or a broken link', async () => {
    const sessions = path.join(root, '.falcon', 'sessions');
    const outside = path.join(root, 'elsewhere.jsonl');
    await writeFile(outside, answer('from another project'));
    await symlink(outside, path.join(sessions, 'linked.jsonl'));
    await symlink(path.join(root, 'gone'), path.join(sessions, 'broken.jsonl'));
    execFileSync('mkfifo', [path.join(sessions, 'pipe.jsonl')]);
    expect((await get('/sessions/linked')).status).toBe(404);
    expect((await get('/sessions/pipe')).status).toBe(404);
    const listed = await get('/sessions', { signal: AbortSignal.timeout(5000) });
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain('hello');
  });

  it('shows the end of a session file too long to read whole, and says so', async () => {
    const file = path.join(root, '.falcon', 'sessions', 'long.jsonl');
    await writeFile(file, '');
    await truncate(file, 300 * 1024 * 1024); // sparse: 300 MB that a page must not read whole
    await appendFile(file, `\n${answer('the latest')}`);
    const page = await (await get('/sessions/long')).text();
    expect(page).toContain('its first 300 MB are not shown');
    expect(page).toContain('<p>the latest</p>');
  });

  it('shows on a session’s page the tokens and cost its file records, and no usage section for a session without model calls', async () => {
    expect(await (await get(`/sessions/${SESSION}`)).text()).not.toContain('id="usage"');
    const usage = { type: 'usage', inputTokens: 1_000, outputTokens: 100, cachedInputTokens: 200, provider: 'openai', model: 'gpt-4o-mini', costUsd: 0.000195 };
    await appendFile(path.join(root, '.falcon', 'sessions', `${SESSION}.jsonl`), line({ kind: 'event', at: 'now', event: usage }));
    const html = await (await get(`/sessions/${SESSION}`)).text();
    expect(html).toContain('<h2 id="usage">Usage (&lt;$0.01)</h2>');
    expect(html).toContain('<td>1,000</td><td>200</td><td>100</td><td>$0.000195</td>');
  });

  it('answers HEAD without a body and refuses to change anything', async () => {
    const head = await get('/sessions', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get('/sessions', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('follows a session file: each line appended is an event, a line half written waits for its end', async () => {
    const file = path.join(root, '.falcon', 'sessions', `${SESSION}.jsonl`);
    const page = await (await get(`/sessions/${SESSION}`)).text();
    const from = /data-events="\/sessions\/session-1\/events\?from=(\d+)"/.exec(page)![1];
    const feed = await get(`/sessions/${SESSION}/events?from=${from}`);
    expect(feed.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = eventReader(feed);
    expect(await events.next()).toBe('retry: 1000');
    const half = answer('first <b>live</b>');
    await appendFile(file, half.slice(0, 20));
    await appendFile(file, half.slice(20));
    const first = await events.next();
    expect(first).toBe(
      `id: ${Number(from) + Buffer.byteLength(half)}\nevent: entry\ndata: <li class="entry entry-answer"><h3>Answer</h3><div class="markdown"><p>first &lt;b&gt;live&lt;/b&gt;</p></div></li>`,
    );
    await appendFile(file, line({ kind: 'event', at: 'now', event: { type: 'usage', inputTokens: 1, outputTokens: 1 } }));
    expect(await events.next()).toMatch(/^id: \d+$/);
    await events.cancel();

    // A browser that reconnects says where it stopped: it gets what came after, once.
    await appendFile(file, answer('second'));
    const resumed = eventReader(await get(`/sessions/${SESSION}/events?from=0`, { headers: { 'last-event-id': /^id: (\d+)/.exec(first)![1]! } }));
    expect(await resumed.next()).toBe('retry: 1000');
    expect(await resumed.next()).toMatch(/^id: \d+$/);
    expect(await resumed.next()).toContain('<p>second</p>');
    await resumed.cancel();
  });

  it('says on the page and in the feed whether the session’s run is going on or has ended', async () => {
    const file = path.join(root, '.falcon', 'sessions', `${SESSION}.jsonl`);
    const runState = async () => /data-run-state="(\w+)"/.exec(await (await get(`/sessions/${SESSION}`)).text())![1];
    expect(await runState()).toBe('none');
    await appendFile(file, line({ kind: 'event', at: 'now', event: { type: 'run_start', runId: 'r1', input: 'hello' } }));
    expect(await runState()).toBe('running');
    const page = await (await get(`/sessions/${SESSION}`)).text();
    const from = /data-events="\/sessions\/session-1\/events\?from=(\d+)"/.exec(page)![1];
    const events = eventReader(await get(`/sessions/${SESSION}/events?from=${from}`));
    expect(await events.next()).toBe('retry: 1000');
    const end = line({ kind: 'event', at: 'now', event: { type: 'run_end', reason: 'answer', turns: 1, toolCalls: 0 } });
    await appendFile(file, end);
    const id = `id: ${Number(from) + Buffer.byteLength(end)}`;
    expect(await events.next()).toBe(`${id}\nevent: entry\ndata: <li class="entry entry-run-end"><p>Run ended (answer): 1 turn, 0 tool calls</p></li>`);
    expect(await events.next()).toBe(`${id}\nevent: state\ndata: ended`);
    await appendFile(file, line({ kind: 'event', at: 'now', event: { type: 'run_start', runId: 'r2', input: 'again' } }));
    expect(await events.next()).toMatch(/^id: \d+\nevent: state\ndata: running$/);
    await events.cancel();
    expect(await runState()).toBe('running');
  });

  it('ends its live feeds when it closes', async () => {
    const events = eventReader(await get(`/sessions/${SESSION}/events?from=0`));
    expect(await events.next()).toBe('retry: 1000');
    await dashboard.close();
    // The stream ends rather than holding the browser (and the process) open.
    await expect(events.rest()).resolves.toEqual(expect.any(String));
    dashboard = await startDashboard({ projectRoot: root, port: 0, theme: 'dark' });
  });
});

/** The events of a response, one at a time, as the browser splits them. */
function eventReader(response: Response): { next(): Promise<string>; rest(): Promise<string>; cancel(): Promise<void> } {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return event;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`the feed ended: ${buffer}`);
        buffer += value;
      }
    },
    async rest() {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return buffer;
        buffer += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}
