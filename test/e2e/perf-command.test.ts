// Runs the built binary (npm run build first; npm test does it) against a real loopback API.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CountingServer, startCountingServer } from '../apis/counting-server.js';
import { until } from '../support/patience.js';
import { createSandbox, runFalcon, type Sandbox, startFalcon } from '../support/falcon-binary.js';

const TOKEN = 'tok_9f8e7d6c5b4a39281706';
let api: CountingServer;
let sandbox: Sandbox;
let authorizations: string[];

beforeEach(async () => {
  authorizations = [];
  api = await startCountingServer((request, response) => {
    authorizations.push(request.headers.authorization ?? '');
    // A careless API that echoes the credential back.
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ ok: true, seen: request.headers.authorization ?? null }));
  });
  sandbox = await createSandbox();
  await put('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\nAPI_TOKEN: "{{env:API_TOKEN}}"\n`);
  await put('.falcon/requests/list-items.yaml', 'method: GET\nurl: "{{BASE_URL}}/items"\nheaders:\n  Authorization: "Bearer {{API_TOKEN}}"\n');
});
afterEach(async () => {
  await api.close();
  await sandbox.cleanup();
});

async function put(relative: string, content: string): Promise<void> {
  const file = path.join(sandbox.project, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const falcon = (args: string[]) => runFalcon(['perf', ...args], { cwd: sandbox.project, env: sandbox.env({ API_TOKEN: TOKEN }) });
const reportsDir = () => path.join(sandbox.project, '.falcon', 'reports');
/** The Markdown reports: each has a JSON twin beside it. */
const markdownReports = async () => (await readdir(reportsDir())).filter((name) => name.endsWith('.md'));

describe('falcon perf', () => {
  it('loads a saved request with the environment, counts exactly what the server received, and masks the secret everywhere', async () => {
    const result = await falcon([
      '--request',
      'list-items',
      '-n',
      '300',
      '-c',
      '4',
      '--json',
      'out.json',
      '--report',
      'out.html',
      '--threshold',
      'error_rate<0.01',
    ]);
    expect(result.code).toBe(0);
    expect(api.received).toHaveLength(300);
    expect(new Set(authorizations)).toEqual(new Set([`Bearer ${TOKEN}`]));
    const json = JSON.parse(await readFile(path.join(sandbox.project, 'out.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(json).slice(0, 8)).toEqual(['target', 'model', 'duration_s', 'requests', 'rps', 'latency_ms', 'thresholds', 'timeline']);
    expect(json.model).toBe('closed');
    expect(json.requests).toEqual({
      total: 300,
      ok: 300,
      failed: 0,
      by_status: { '200': 300 },
      late: 0,
      errors: { timeout: 0, refused: 0, reset: 0, other: 0 },
    });
    expect(Object.keys(json.latency_ms as object)).toEqual(['min', 'mean', 'p50', 'p90', 'p95', 'p99', 'p999', 'max']);
    expect(json.thresholds).toEqual([{ expr: 'error_rate<0.01', ok: true, actual: 0 }]);
    const [report] = await markdownReports();
    expect(report).toMatch(/^perf_report_list-items_\d{8}-\d{6}\.md$/);
    expect(result.stdout).toMatch(/^request list-items \(GET http:\/\/127\.0\.0\.1:\d+\/items\) — closed model, 4 connections, [\d.]+ s\n/);
    expect(result.stdout).toContain('  requests    300 · 300 ok · 0 failed\n');
    expect(result.stdout).toContain(`Report: .falcon/reports/${report}`);
    expect(await readFile(path.join(reportsDir(), report!.replace(/\.md$/, '.json')), 'utf8')).toBe(
      await readFile(path.join(sandbox.project, 'out.json'), 'utf8'),
    );
    const everything = [
      result.stdout,
      result.stderr,
      JSON.stringify(json),
      await readFile(path.join(sandbox.project, 'out.html'), 'utf8'),
      await readFile(path.join(reportsDir(), report!), 'utf8'),
    ];
    for (const text of everything) expect(text).not.toContain(TOKEN);
  });

  it('prints a plain progress line every tenth of the way when stderr is not a terminal', async () => {
    const result = await falcon([`${api.url}/x`, '-d', '2s', '-c', '2']);
    expect(result.code).toBe(0);
    const lines = result.stderr.split('\n').filter((line) => /^ {2}\d+% · /.test(line));
    // A line when a report finds a later tenth reached: on a busy machine, reports may skip some.
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^ {2}(?:\d0|100)% · [\d.]+s left · [\d,]+ requests · [\d,]+ req\/s · p95 [\d.]+ ms · 0 errors$/);
    const tenths = lines.map((line) => Number(/^ {2}(\d+)%/.exec(line)![1]));
    expect(tenths).toEqual([...new Set(tenths)].sort((a, b) => a - b));
    expect(result.stderr).not.toContain('\r');
    expect(result.stdout).toContain(`GET ${api.url}/x — closed model, 2 connections, 2`);
  });

  it('exits 1 naming a threshold that broke, with its value', async () => {
    const result = await falcon([`${api.url}/x`, '-n', '50', '--threshold', 'rps>100000000', '--threshold', 'error_rate<0.01']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/thresholds {2}✗ rps>100000000 \([\d.]+\) · ✓ error_rate<0\.01 \(0\)/);
    expect(result.stderr).toMatch(/falcon: threshold rps>100000000 broke: rps was [\d.]+\n/);
  });

  it('refuses a threshold on an unknown metric, and other bad usage, with exit 2 before any load', async () => {
    const usages = [
      ['--threshold', 'p97<100'],
      ['--threshold', 'p95 < fast'],
      ['--stages', '10s:5', '-d', '5s'],
      ['--rate', '10', '-n', '5'],
      ['--report', 'out.pdf'],
    ];
    // All at once: each is a start of the binary, slow on a busy machine.
    const [unknown, nothing, ...results] = await Promise.all([
      falcon(['--threshold', 'p97<100', `${api.url}/x`]),
      falcon([]),
      ...usages.map((args) => falcon([`${api.url}/x`, ...args])),
    ]);
    for (const [index, result] of results.entries()) {
      expect(result.code, usages[index]!.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^falcon: /);
    }
    expect(unknown!.stderr).toContain('unknown metric "p97"; the metrics are min, mean, p50, p90, p95, p99, p999, max, rps, error_rate, failed');
    expect(nothing!.stderr).toContain('nothing to send');
    expect(api.received).toHaveLength(0);
  });

  it('exits 1 at once with the reason when the target cannot be reached', async () => {
    const url = api.url;
    await api.close();
    api = await startCountingServer();
    // Ten minutes asked for: exiting within the test's timeout means nothing was sent.
    const result = await falcon([`${url}/x`, '-d', '10m']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/falcon: cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused/);
  });

  it('stops at once on Ctrl-C, exits 130, and still reports and writes what ran', async () => {
    // Ten minutes asked for: only Ctrl-C can end it within the test's timeout.
    const { child, result } = startFalcon(['perf', `${api.url}/x`, '-d', '10m', '-c', '2', '--json', 'out.json'], { cwd: sandbox.project, env: sandbox.env() });
    await until(() => api.received.length >= 50, '50 requests');
    child.kill('SIGINT');
    const done = await result;
    expect(done.code).toBe(130);
    expect(done.stdout).toContain('(interrupted)');
    const json = JSON.parse(await readFile(path.join(sandbox.project, 'out.json'), 'utf8')) as { interrupted: boolean; requests: { total: number } };
    expect(json.interrupted).toBe(true);
    // Answered before Ctrl-C: all but the two in flight when the 50th arrived, at least.
    expect(json.requests.total).toBeGreaterThanOrEqual(48);
    expect(json.requests.total).toBeLessThanOrEqual(api.received.length);
    expect(await markdownReports()).toHaveLength(1);
  });

  it('shares the load over worker threads and still counts exactly', async () => {
    const result = await falcon([`${api.url}/x`, '-n', '1001', '-c', '4', '--workers', '2', '--json', 'out.json']);
    expect(result.code).toBe(0);
    expect(api.received).toHaveLength(1001);
    const json = JSON.parse(await readFile(path.join(sandbox.project, 'out.json'), 'utf8')) as { requests: { total: number }; load: { workers: number } };
    expect(json.requests.total).toBe(1001);
    expect(json.load.workers).toBe(2);
  });

  it('loads weighted operations of the spec with its happy-path values', async () => {
    await put(
      'api.yaml',
      [
        'openapi: 3.0.3',
        'info: {title: Items, version: "1"}',
        'paths:',
        '  /items:',
        '    get: {operationId: listItems, responses: {"200": {description: ok}}}',
        '  /items/{id}:',
        '    get:',
        '      operationId: getItem',
        '      parameters: [{name: id, in: path, required: true, schema: {type: integer}, example: 7}]',
        '      responses: {"200": {description: ok}}',
        '',
      ].join('\n'),
    );
    const result = await falcon(['--operations', 'listItems=3,getItem', '--spec', 'api.yaml', '-n', '800', '-c', '4']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`2 operations of Items at ${api.url}`);
    const paths = api.received.map((request) => request.path);
    expect(paths).toHaveLength(800);
    expect(new Set(paths)).toEqual(new Set(['/items', '/items/7']));
    const lists = paths.filter((requestPath) => requestPath === '/items').length;
    // 3 to 1 by weight: 600 expected, ±5 standard deviations of a binomial draw.
    expect(Math.abs(lists - 600)).toBeLessThan(62);
  });

  it('exports the scenario as a k6 script without sending anything, the secret as __ENV', async () => {
    const result = await falcon(['--request', 'list-items', '--rate', '50', '-d', '30s', '--threshold', 'p95<200', '--export-k6', 'load.js']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'Wrote the k6 script load.js; it reads these 2 variables from the environment:',
        `  BASE_URL   ${api.url}`,
        '  API_TOKEN  a secret: set it yourself (the script never holds it)',
        `Run it with: k6 run -e BASE_URL=${api.url} -e API_TOKEN=… load.js`,
        '',
      ].join('\n'),
    );
    expect(api.received).toHaveLength(0);
    const script = await readFile(path.join(sandbox.project, 'load.js'), 'utf8');
    expect(script).not.toContain(TOKEN);
    expect(script).toContain("import http from 'k6/http'");
    expect(script).toContain('constant-arrival-rate');
    expect(script).toContain('http_req_duration: ["p(95)<200"]');
    expect(script).toContain('__ENV.API_TOKEN');
    expect(script).toContain('url: BASE_URL + "/items"');
    await writeFile(path.join(sandbox.project, 'load.mjs'), script);
    await promisify(execFile)(process.execPath, ['--check', path.join(sandbox.project, 'load.mjs')]);
  });

  it('exports a literal URL and spec operations with the base URL they are sent to as BASE_URL', async () => {
    const literal = await falcon([`${api.url}/items?page=2`, '-d', '5s', '--export-k6', 'one.js']);
    expect(literal.code).toBe(0);
    expect(literal.stdout).toContain(`Run it with: k6 run -e BASE_URL=${api.url} one.js\n`);
    expect(await readFile(path.join(sandbox.project, 'one.js'), 'utf8')).toContain('url: BASE_URL + "/items?page=2"');

    await put(
      'spec.json',
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Items', version: '1' },
        paths: { '/items': { get: { operationId: 'listItems', responses: { 200: { description: 'ok' } } } } },
      }),
    );
    const operations = await falcon(['--operations', 'listItems', '--spec', 'spec.json', '--base-url', `${api.url}/v2`, '-d', '5s', '--export-k6', 'ops.js']);
    expect(operations.code).toBe(0);
    expect(operations.stdout).toContain(`  BASE_URL  ${api.url}/v2\n`);
    expect(await readFile(path.join(sandbox.project, 'ops.js'), 'utf8')).toContain('url: BASE_URL + "/items"');
    expect(api.received).toHaveLength(0);
  });
});
