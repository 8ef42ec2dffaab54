// Runs the built binary (npm run build first; npm test does it) against a real loopback API.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, runFalcon, type Sandbox, startFalcon } from '../support/falcon-binary.js';

const SHOP_PW = 'pw-7c1e9a0b52d4f318';
const TOKEN = 'tok-d41d8cd98f00b204';
let api: { url: string; hits: string[]; server: Server };
let sandbox: Sandbox;

/** A shop: POST /login with the password gives a token, which GET /products/:sku wants; only A-1 and B-2 exist. */
async function startShop(): Promise<typeof api> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      hits.push(`${request.method} ${request.url}`);
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.url === '/health') return send(200, { ok: true });
      if (request.method === 'POST' && request.url === '/login') {
        const { password } = JSON.parse(body || '{}') as { password?: string };
        return password === SHOP_PW ? send(200, { token: TOKEN }) : send(401, { error: 'bad password' });
      }
      const product = /^\/products\/([\w-]+)$/.exec(new URL(request.url ?? '/', api.url).pathname);
      if (product) {
        if (request.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { error: 'log in first' });
        return ['A-1', 'B-2'].includes(product[1]!) ? send(200, { sku: product[1], stock: 3 }) : send(404, { error: 'no such product' });
      }
      send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

const LOG_IN = `  - name: log in
    request: {method: POST, url: "{{BASE_URL}}/login", body: {user: ann, password: "{{env:SHOP_PW}}"}}
    assertions: {status_code: 200}
    extract: {token: "$.token"}
`;

beforeAll(async () => {
  api = await startShop();
});
afterAll(() => new Promise<void>((resolve) => api.server.close(() => resolve())));
beforeEach(async () => {
  api.hits.length = 0;
  sandbox = await createSandbox();
  await sandbox.testApiAt(api.url);
  await put('.falcon/requests/health.yaml', 'method: GET\nurl: "{{BASE_URL}}/health"\nassertions:\n  status_code: 200\n');
  await put('.falcon/flows/products.csv', 'sku\nA-1\nB-2\n');
  await put(
    '.falcon/flows/checkout.yaml',
    `name: checkout
description: log in and look at the products
steps:
  - name: health
    request: health
${LOG_IN}  - wait: 10ms
  - name: product
    foreach: products.csv
    request: {method: GET, url: "{{BASE_URL}}/products/{{sku}}", headers: {Authorization: "Bearer {{token}}"}}
    assertions: {status_code: 200}
`,
  );
  await put(
    '.falcon/flows/missing-product.yaml',
    `steps:
${LOG_IN}  - name: product
    foreach: [{sku: A-1}, {sku: Z-9}]
    request: {method: GET, url: "{{BASE_URL}}/products/{{sku}}?key={{env:SHOP_PW}}", headers: {Authorization: "Bearer {{token}}"}}
    assertions: {status_code: 200, json_path: {"$.stock": 3}}
  - name: after
    request: health
`,
  );
  await put('.falcon/flows/typo.yaml', 'steps:\n  - name: health\n    request: health\n    extrat: {ok: "$.ok"}\n');
});
afterEach(() => sandbox.cleanup());

async function put(relative: string, content: string): Promise<void> {
  const file = path.join(sandbox.project, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const falcon = (...args: string[]) => runFalcon(['flow', ...args], { cwd: sandbox.project, env: sandbox.env({ SHOP_PW }) });

async function reportFiles(): Promise<string[]> {
  return (await readdir(path.join(sandbox.project, '.falcon', 'reports')).catch(() => [])).filter(
    (name) => name.startsWith('flow_report_') && name.endsWith('.md'),
  );
}

describe('falcon flow run', () => {
  it('runs every step, one line each as it finishes, and exits 0', async () => {
    const result = await falcon('run', 'checkout');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      expect.stringMatching(/^✓ health {2}200 {2}(?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/),
      expect.stringMatching(/^✓ log in {2}200 {2}(?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/),
      expect.stringMatching(/^✓ wait 10ms {2}waited {2}(?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/),
      expect.stringMatching(/^✓ product \[row 1: sku=A-1\] {2}200 {2}(?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/),
      expect.stringMatching(/^✓ product \[row 2: sku=B-2\] {2}200 {2}(?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/),
    ]);
    expect(lines[5]).toMatch(/^checkout: passed, 5 passed, 0 failed in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/);
    expect(lines[6]).toMatch(/^Report: \.falcon\/reports\/flow_report_checkout_\d{8}-\d{6}\.md$/);
    expect(api.hits).toEqual(['GET /health', 'POST /login', 'GET /products/A-1', 'GET /products/B-2']);
  });

  it('stops at a failing assertion: the step named, expected and actual, a curl line, later steps not run, exit 1', async () => {
    const result = await falcon('run', 'missing-product');
    expect(result.code).toBe(1);
    const out = result.stdout;
    expect(out).toMatch(/^✓ product \[row 1: sku=A-1\] {2}200/m);
    expect(out).toMatch(/^✗ product \[row 2: sku=Z-9\] {2}404 {2}(?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/m);
    expect(out).toMatch(/^ {4}GET http:\/\/127\.0\.0\.1:\d+\/products\/Z-9\?key=/m);
    expect(out).toMatch(/^ {4}✗ status: expected 200, actual 404 Not Found$/m);
    expect(out).toMatch(/^ {4}✗ \$\.stock: expected 3, actual not found$/m);
    expect(out).toMatch(/^ {4}curl -sS -i .*\/products\/Z-9/m);
    expect(out).toMatch(/^– after {2}not run/m);
    expect(out).toMatch(/missing-product: failed at "product", 2 passed, 1 failed, 1 not run in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)/);
    expect(api.hits).not.toContain('GET /health');
  });

  it('exits 130 on Ctrl-C, after reporting the steps that ran', async () => {
    await put('.falcon/flows/slow.yaml', 'steps:\n  - name: health\n    request: health\n  - wait: 30s\n  - name: never\n    request: health\n');
    const { child, result } = startFalcon(['flow', 'run', 'slow'], { cwd: sandbox.project, env: sandbox.env() });
    child.stdout!.on('data', (chunk: string) => {
      if (chunk.includes('✓ health')) child.kill('SIGINT');
    });
    const { code, stdout } = await result;
    expect(code).toBe(130);
    expect(stdout).toMatch(/^slow: interrupted, 1 passed, 0 failed in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)$/m);
    expect(api.hits).toEqual(['GET /health']);
  });

  it('exits 2 on an invalid flow, naming the file, line and the key it meant', async () => {
    const result = await falcon('run', 'typo');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('typo.yaml:4: unknown key "extrat" (did you mean "extract"?)\n');
    expect(result.stdout).toBe('');
    expect(api.hits).toEqual([]);
  });

  it('exits 2 on bad usage: no such flow, an unknown environment, a report of no known format', async () => {
    const missing = await falcon('run', 'nope');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^falcon: .*nope/);
    const environment = await falcon('run', 'checkout', '-e', 'mars');
    expect(environment.code).toBe(2);
    expect(environment.stderr).toMatch(/^falcon: no environment "mars"/);
    const report = await falcon('run', 'checkout', '--report', 'out.txt');
    expect(report.code).toBe(2);
    expect(report.stderr).toContain('use .md, .json or .xml (JUnit)');
    expect(api.hits).toEqual([]);
  });

  it('writes JUnit with a testcase per step and per foreach row, and --report by its extension', async () => {
    const result = await falcon('run', 'missing-product', '--junit', 'out/junit.xml', '--report', 'out/run.json');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Report: out/junit.xml\n');
    const xml = await readFile(path.join(sandbox.project, 'out', 'junit.xml'), 'utf8');
    expect([...xml.matchAll(/<testcase name="([^"]*)"/g)].map((match) => match[1])).toEqual([
      '1. log in',
      '2. product [row 1: sku=A-1]',
      '2. product [row 2: sku=Z-9]',
      '3. after',
    ]);
    expect(xml).toMatch(/tests="4" failures="1" errors="0" skipped="1"/);
    const json = JSON.parse(await readFile(path.join(sandbox.project, 'out', 'run.json'), 'utf8')) as { name: string; passed: boolean; steps: unknown[] };
    expect(json).toMatchObject({ name: 'missing-product', passed: false });
    expect(json.steps).toHaveLength(4);
  });

  it('writes the Markdown report to .falcon/reports/ with the failure, its expected and actual values and curl', async () => {
    await falcon('run', 'missing-product');
    const [file] = await reportFiles();
    expect(file).toMatch(/^flow_report_missing-product_\d{8}-\d{6}\.md$/);
    const markdown = await readFile(path.join(sandbox.project, '.falcon', 'reports', file!), 'utf8');
    expect(markdown).toContain('### ✗ 2. product \\[row 2: sku=Z-9\\]');
    expect(markdown).toContain('| `status` | `200` | `404 Not Found` |');
    expect(markdown).toMatch(/```sh\n(# set .*\n)?curl -sS -i/);
  });

  it('never prints or reports a {{env:…}} secret', async () => {
    const result = await falcon('run', 'missing-product', '--junit', 'junit.xml', '--report', 'run.json');
    expect(result.stdout).toContain('[masked');
    const written = await Promise.all([
      readFile(path.join(sandbox.project, 'junit.xml'), 'utf8'),
      readFile(path.join(sandbox.project, 'run.json'), 'utf8'),
      ...(await reportFiles()).map((name) => readFile(path.join(sandbox.project, '.falcon', 'reports', name), 'utf8')),
    ]);
    for (const text of [result.stdout, result.stderr, ...written]) {
      expect(text).not.toContain(SHOP_PW);
      expect(text).not.toContain(TOKEN);
    }
  });
});

describe('falcon flow list, validate and schema', () => {
  it('lists each flow with its description or step count, an invalid one with its first problem', async () => {
    const result = await falcon('list');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'checkout         log in and look at the products',
        'missing-product  3 steps',
        'typo             invalid: typo.yaml:4: unknown key "extrat" (did you mean "extract"?)',
        '',
      ].join('\n'),
    );
  });

  it('validates a flow by file or by name', async () => {
    const valid = await falcon('validate', '.falcon/flows/checkout.yaml');
    expect(valid).toMatchObject({ code: 0, stdout: 'valid: 4 steps\n' });
    expect(await falcon('validate', 'missing-product')).toMatchObject({ code: 0, stdout: 'valid: 3 steps\n' });
    const invalid = await falcon('validate', 'typo');
    expect(invalid).toMatchObject({ code: 2, stdout: '', stderr: 'typo.yaml:4: unknown key "extrat" (did you mean "extract"?)\n' });
  });

  it("prints the flow format for editors, which the README's flow finds where the README puts it", async () => {
    const schema = await falcon('schema');
    expect(schema.code).toBe(0);
    expect(JSON.parse(schema.stdout)).toEqual(JSON.parse(await readFile(new URL('../../schemas/falcon-flow.schema.json', import.meta.url), 'utf8')));
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const written = /^falcon flow schema > (\S+)/m.exec(readme)![1]!;
    const [, example, schemaPath] = /^```yaml\n(# yaml-language-server: \$schema=(\S+)\n[\s\S]*?)^```/m.exec(readme)!;
    await put(written, schema.stdout);
    await put('.falcon/flows/readme-example.yaml', example!);
    const found = await readFile(path.resolve(sandbox.project, '.falcon', 'flows', schemaPath!), 'utf8');
    expect(found).toBe(schema.stdout);
    expect(await falcon('validate', 'readme-example')).toMatchObject({ code: 0, stdout: 'valid: 5 steps\n' });
  });
});
