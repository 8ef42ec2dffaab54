// run_performance by request count, its cancellation, preview and arguments. Its runs a clock ends
// (a duration, the open model) are test/e2e/run-performance-in-real-time.test.ts's.
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ingestSpec } from '../../../../src/engines/spec/ingest-spec.js';
import { loadDefaultTools } from '../../../../src/agent/default-tools.js';
import { runPerformanceTool } from '../../../../src/capabilities/load/tools/run-performance.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { closeServer, listenOnLoopback } from '../../../apis/loopback-server.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

const API_KEY = 'key-51c0ffee9d2b7a';

/** Counts each request it has read to the end, by method and path, and the API keys it was sent. */
let server: Server;
let serverUrl: string;
const received = new Map<string, number>();
const keysSeen = new Set<string>();
/** Told of each request the server has read, with how many of its kind came so far. */
let onReceived: ((key: string, count: number) => void) | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume().on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const key = `${request.method} ${url.pathname}`;
      received.set(key, (received.get(key) ?? 0) + 1);
      onReceived?.(key, received.get(key)!);
      const apiKey = url.searchParams.get('key');
      if (apiKey) keysSeen.add(apiKey);
      const status = url.pathname === '/broken' ? 500 : 200;
      response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  serverUrl = await listenOnLoopback(server);
});
afterAll(() => closeServer(server));

let project: TempProject;
let ctx: ToolContext;
let progress: string[];

beforeEach(async () => {
  received.clear();
  keysSeen.clear();
  onReceived = undefined;
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${serverUrl}\n`);
  await project.write('.falcon/environments/staging.yaml', `BASE_URL: ${serverUrl}\nAPI_KEY: ${API_KEY}\n`);
  ctx = { ...toolContext(project.root, new AbortController().signal, 'dev'), progress: (message) => progress.push(message) };
  progress = [];
});
afterEach(() => project.remove());

type Args = z.input<typeof runPerformanceTool.schema>;
const run = (args: Args, context = ctx) => runPerformanceTool.run(runPerformanceTool.schema.parse(args), context);
const preview = (args: Args) => runPerformanceTool.preview!(runPerformanceTool.schema.parse(args), ctx);
/** The request counts of an observation: `requests    9,448 · 9,448 ok · 0 failed[ · 0 late]`. */
function counts(observation: string): { total: number; ok: number; failed: number; late?: number } {
  const match = /requests\s+([\d,]+) · ([\d,]+) ok · ([\d,]+) failed(?: · ([\d,]+) late)?/.exec(observation);
  if (!match) throw new Error(`no request counts in:\n${observation}`);
  const [total, ok, failed, late] = match.slice(1).map((text) => (text === undefined ? undefined : Number(text.replace(/,/g, ''))));
  return { total: total!, ok: ok!, failed: failed!, ...(late !== undefined && { late }) };
}
/** The Markdown reports: each has a JSON twin beside it. */
const reports = () =>
  readdir(path.join(project.root, '.falcon', 'reports')).then(
    (names) => names.filter((name) => name.endsWith('.md')),
    () => [] as string[],
  );

describe('run_performance', () => {
  it('is a deferred network tool with three calls a run', async () => {
    expect(runPerformanceTool).toMatchObject({ name: 'run_performance', kind: 'network', callLimit: 3 });
    expect((await loadDefaultTools()).find((tool) => tool.name === 'run_performance')?.deferred).toBe(true);
  });

  it('loads a saved request in the environment given, masking the secrets it fills in', async () => {
    await project.write('.falcon/requests/list-items.yaml', 'url: "{{BASE_URL}}/items?key={{API_KEY}}"\n');
    const observation = await run({ request: 'list-items', env: 'staging', requests: 30, connections: 3 });
    expect(received.get('GET /items')).toBe(30);
    expect([...keysSeen]).toEqual([API_KEY]);
    expect(observation).toContain(`request list-items (GET ${serverUrl}/items?key=[masked:API_KEY]) — closed model, 3 connections`);
    expect(counts(observation)).toEqual({ total: 30, ok: 30, failed: 0 });
    expect(observation).not.toContain(API_KEY);
    const [report] = await reports();
    expect(report).toMatch(/^perf_report_list-items_/);
    const text = await readFile(path.join(project.root, '.falcon', 'reports', report!), 'utf8');
    expect(text).toContain('[masked:API_KEY]');
    expect(text).not.toContain(API_KEY);
    expect(ctx.variables.environment).toBe('dev'); // the session keeps its environment
  });

  it('loads weighted spec operations', async () => {
    const operation = (operationId: string) => ({ operationId, responses: { '200': { description: 'ok' } } });
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Shop', version: '1' },
      paths: { '/items': { get: operation('listItems') }, '/health': { get: operation('health') } },
    };
    await project.write('openapi.json', JSON.stringify(spec));
    await ingestSpec('openapi.json', { projectRoot: project.root, signal: new AbortController().signal });
    const shown = await preview({ operations: ['listItems=3', 'health'], requests: 400, connections: 2 });
    expect(shown).toMatchObject({ title: `load test 2 operations of Shop at ${serverUrl}: closed model, 2 connections, 400 requests` });
    expect(shown?.kind === 'info' && shown.details).toContain('Requests by weight: GET /items ×3, GET /health ×1.');
    const observation = await run({ operations: ['listItems=3', 'health'], requests: 400, connections: 2 });
    const items = received.get('GET /items') ?? 0;
    const health = received.get('GET /health') ?? 0;
    expect(items + health).toBe(400);
    expect(items / health).toBeGreaterThan(2);
    expect(items / health).toBeLessThan(4.5);
    expect(observation.split('\n')[0]).toContain(`2 operations of Shop at ${serverUrl} — closed model, 2 connections`);
    expect(counts(observation).total).toBe(400);
  });

  it('stops at once when the session cancels, and says the figures are partial', async () => {
    const controller = new AbortController();
    onReceived = (key, count) => key === 'GET /slowly' && count === 20 && controller.abort();
    // Ten minutes planned: only the cancellation can end it within the test's timeout.
    const observation = await run({ url: `${serverUrl}/slowly`, connections: 2, duration: '10m' }, { ...ctx, signal: controller.signal });
    expect(observation).toContain('Stopped before its end (cancelled): the figures cover only the part that ran.');
    // Requests in flight when it stopped may have reached the server without an answer to count.
    const served = received.get('GET /slowly') ?? 0;
    const { total } = counts(observation);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeGreaterThanOrEqual(served - 2);
    expect(total).toBeLessThanOrEqual(served);
  });
});

describe('run_performance preview', () => {
  it('always asks, with a one-line summary of the target and the load', async () => {
    const closed = await preview({ url: '{{BASE_URL}}/users' });
    expect(closed).toMatchObject({ kind: 'info', title: `load test GET ${serverUrl}/users: closed model, 10 connections, 10s` });
    expect(closed).not.toHaveProperty('always');
    expect(closed?.kind === 'info' && closed.details).toBe(
      `${serverUrl} is the API under test (BASE_URL of the "dev" environment).\nApprove only if this server may take the load.`,
    );
    const title = async (args: Args) => {
      const shown = await preview(args);
      return shown?.kind === 'info' ? shown.title : undefined;
    };
    expect(await title({ url: `${serverUrl}/users`, rate: 50, duration: '30s' })).toBe(
      `load test GET ${serverUrl}/users: open model, 50 req/s (up to 10 connections), 30s`,
    );
    expect(await title({ url: `${serverUrl}/users`, stages: '10s:50,30s:50,10s:0' })).toBe(
      `load test GET ${serverUrl}/users: closed model, stages 10s:50,30s:50,10s:0 (connections)`,
    );
    expect(await title({ url: `${serverUrl}/users`, rate: 5, connections: 4, stages: '5s:100' })).toBe(
      `load test GET ${serverUrl}/users: open model, stages 5s:100 (req/s, up to 4 connections)`,
    );
    expect(await title({ url: `${serverUrl}/users`, requests: 1000, connections: 1 })).toBe(
      `load test GET ${serverUrl}/users: closed model, 1 connection, 1,000 requests`,
    );
  });

  it('says plainly when the target is at another origin than the API under test, and what it carries', async () => {
    const other = serverUrl.replace('127.0.0.1', 'localhost');
    const shown = await preview({ url: `${other}/users`, headers: { Authorization: 'Bearer {{API_KEY}}' }, env: 'staging', thresholds: ['p95<200'] });
    expect(shown).toMatchObject({ kind: 'info', title: `load test GET ${other}/users: closed model, 10 connections, 10s` });
    expect(shown?.kind === 'info' && shown.details.split('\n')).toEqual([
      `${other} is not the API under test (BASE_URL of the "staging" environment is ${serverUrl}): approving names it as this load test's target.`,
      'It carries: {{API_KEY}}.',
      'Thresholds: p95<200.',
      'Approve only if this server may take the load.',
    ]);
    await project.write('.falcon/environments/dev.yaml', 'TOKEN: x\n');
    const noBase = await preview({ url: `${other}/users` });
    expect(noBase?.kind === 'info' && noBase.details).toBe(
      `${other} cannot be checked against the API under test (no active environment has a BASE_URL): approving names it as this load test's target.\nApprove only if this server may take the load.`,
    );
  });

  it('still asks when the call cannot start, saying why', async () => {
    const shown = await preview({ url: '{{BASE_URL}}/users', thresholds: ['p42<1'] });
    expect(shown).toMatchObject({ kind: 'info', title: 'load test {{BASE_URL}}/users' });
    expect(shown?.kind === 'info' && shown.details).toMatch(/^It cannot start as given: threshold "p42<1": unknown metric "p42"/);
  });
});

describe('run_performance arguments', () => {
  const refused = async (args: Args) => {
    const error = await run(args).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ToolError);
    return (error as Error).message;
  };

  it('names what the model must change, in its own argument names, before any load', async () => {
    expect(await refused({})).toMatch(/^give what to load: url \(a URL\), request/);
    expect(await refused({ url: `${serverUrl}/a`, request: 'a' })).toMatch(/^give one of url .*, not url and request$/);
    expect(await refused({ url: `${serverUrl}/a`, duration: '5s', requests: 10 })).toBe('give either duration or requests, not both');
    expect(await refused({ url: `${serverUrl}/a`, connections: 2, thresholds: ['p95<fast'] })).toMatch(/^threshold "p95<fast"/);
    expect(await refused({ url: `${serverUrl}/a`, duration: 'soon' })).toMatch(/^duration "soon" is not a duration/);
    expect(await refused({ url: '{{BASE_URL}}/{{NOPE}}' })).toMatch(/^unknown variable \{\{NOPE\}\}/);
    expect(await refused({ request: 'nope' })).toMatch(/^No saved request "nope".*There are no saved requests yet\.$/);
    expect(await refused({ url: `${serverUrl}/a`, env: 'prod' })).toMatch(/^No environment "prod" in .* Environments: dev, staging\.$/);
    expect(await refused({ operations: ['listItems'] })).toMatch(/^no spec: \.falcon\/spec\.yaml is missing/);
    expect(received.size).toBe(0);
    expect(await reports()).toEqual([]);
  });

  it('refuses at once a target that cannot be reached', async () => {
    const closed = createServer();
    const url = await listenOnLoopback(closed);
    await closeServer(closed);
    expect(await refused({ url: `${url}/users`, duration: '1s' })).toMatch(new RegExp(`^cannot reach ${url}: connection refused .* — no load was sent\\.$`));
  });

  it('checks argument types with the schema', () => {
    expect(runPerformanceTool.schema.safeParse({ url: 'http://x', connections: 0 }).success).toBe(false);
    expect(runPerformanceTool.schema.safeParse({ url: 'http://x', method: 'FETCH' }).success).toBe(false);
    expect(runPerformanceTool.schema.safeParse({ url: 'http://x', profile: 'stress' }).success).toBe(false);
  });
});
