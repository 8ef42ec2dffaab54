// run_performance's runs a clock ends, for the second they plan: what the tool tells the model of a
// duration's run (its counts, progress, thresholds and report) however busy the machine is. Its runs
// by count, cancellation, preview and arguments are test/capabilities/load/tools/run-performance.test.ts's.
import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runPerformanceTool } from '../../src/capabilities/load/tools/run-performance.js';
import type { ToolContext } from '../../src/kit/tool/tool.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { type TempProject, createTempProject, toolContext } from '../tools/temp-project.js';

/** Counts each request it has read to the end, by method and path; `/broken` answers 500. */
let server: Server;
let serverUrl: string;
const received = new Map<string, number>();

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume().on('end', () => {
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      const key = `${request.method} ${pathname}`;
      received.set(key, (received.get(key) ?? 0) + 1);
      response.writeHead(pathname === '/broken' ? 500 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
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
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${serverUrl}\n`);
  ctx = { ...toolContext(project.root, new AbortController().signal, 'dev'), progress: (message) => progress.push(message) };
  progress = [];
});
afterEach(() => project.remove());

type Args = z.input<typeof runPerformanceTool.schema>;
const run = (args: Args) => runPerformanceTool.run(runPerformanceTool.schema.parse(args), ctx);
/** The request counts of an observation: `requests    9,448 · 9,448 ok · 0 failed[ · 0 late]`. */
function counts(observation: string): { total: number; ok: number; failed: number; late?: number } {
  const match = /requests\s+([\d,]+) · ([\d,]+) ok · ([\d,]+) failed(?: · ([\d,]+) late)?/.exec(observation);
  if (!match) throw new Error(`no request counts in:\n${observation}`);
  const [total, ok, failed, late] = match.slice(1).map((text) => (text === undefined ? undefined : Number(text.replace(/,/g, ''))));
  return { total: total!, ok: ok!, failed: failed!, ...(late !== undefined && { late }) };
}
/** The Markdown reports: each has a JSON twin beside it. */
const reports = () => readdir(path.join(project.root, '.falcon', 'reports')).then((names) => names.filter((name) => name.endsWith('.md')));

describe('run_performance over a duration, in real time', () => {
  it('puts a closed load on a URL and reports what the server counted, with progress and a report', async () => {
    const observation = await run({ url: '{{BASE_URL}}/users', connections: 2, duration: '1s', thresholds: ['error_rate<0.01', 'failed>0'] });
    const served = received.get('GET /users') ?? 0;
    expect(served).toBeGreaterThan(0);
    expect([...received.keys()]).toEqual(['GET /users']);
    const lines = observation.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^GET ${serverUrl}/users — closed model, 2 connections, `));
    expect(counts(observation)).toEqual({ total: served, ok: served, failed: 0 });
    expect(observation).toContain(`200: ${served.toLocaleString('en-US')}`);
    expect(observation).toMatch(/[\d,.]+ req\/s/);
    expect(observation).toMatch(/p50 [\d.]+ · p90 [\d.]+ · p95 [\d.]+ · p99 [\d.]+/);
    expect(observation).toContain('✓ error_rate<0.01 (0) · ✗ failed>0 (0)');
    const [report] = await reports();
    expect(report).toMatch(/^perf_report_get-http-127-0-0-1-\d+-users_\d{8}-\d{6}\.md$/);
    expect(observation.split('\n').at(-1)).toBe(`Report: .falcon/reports/${report}`);
    expect(progress.length).toBeGreaterThan(0);
    for (const line of progress) expect(line).toMatch(/^\d+\.\ds left · [\d,]+ requests · [\d,]+ req\/s · p95 [\d.]+ ms · 0 errors$/);
  });

  it('runs the open model at the asked rate and counts late requests and failures', async () => {
    const observation = await run({ url: `${serverUrl}/broken`, method: 'post', body: { name: 'Ada' }, rate: 20, connections: 4, duration: '1s' });
    const served = received.get('POST /broken') ?? 0;
    expect(observation.split('\n')[0]).toMatch(new RegExp(`^POST ${serverUrl}/broken — open model, 20 req/s, at most 4 connections, `));
    const { late, ...rest } = counts(observation);
    expect(rest).toEqual({ total: served, ok: 0, failed: served });
    // 20 arrivals: each sent, or still waiting at the end on a machine too busy to send it (late).
    expect(served).toBeLessThanOrEqual(20);
    expect(served + late!).toBeGreaterThanOrEqual(20);
    expect(observation).toContain(`500: ${served}`);
  });
});
