// The built binary against a real WebSocket server on loopback (npm run build first; npm test does it).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { type PricesServer, PRICES_TOKEN, startPricesServer } from '../apis/prices-websocket/prices-server.js';

const DURATION = '(?:\\d+ ms|[\\d.]+ s|\\d+ min(?: \\d+ s)?)';
let server: PricesServer;
let sandbox: Sandbox;

beforeAll(async () => {
  server = await startPricesServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

async function put(relative: string, text: string): Promise<void> {
  const file = path.join(sandbox.project, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

const pricesFlow = (symbol: string) => `vars: {WS_URL: "${server.url}"}
steps:
  - name: live prices
    websocket: {url: "{{WS_URL}}/prices", headers: {Authorization: "Bearer {{env:PRICE_TOKEN}}"}, subprotocols: [prices.v1]}
    send: [{subscribe: "${symbol}"}, bye]
    expect: {json_path: {"$.symbol": "EURUSD"}, within: 2s, count: 3}
  - name: echo
    websocket: {url: "{{WS_URL}}/echo"}
    send: hello
    expect: {contains: hello}
`;

const falcon = (...args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env({ PRICE_TOKEN: PRICES_TOKEN }) });

describe('falcon flow run with websocket steps', () => {
  it('subscribes and receives the prices, a line per step, and the reports show the messages', async () => {
    await put('.falcon/flows/prices.yaml', pricesFlow('EURUSD'));
    const result = await falcon('flow', 'run', 'prices', '--report', 'prices.json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      expect.stringMatching(new RegExp(`^✓ live prices {2}3/3 messages {2}${DURATION}$`)),
      expect.stringMatching(new RegExp(`^✓ echo {2}1/1 messages {2}${DURATION}$`)),
    ]);
    const reports = await readdir(path.join(sandbox.project, '.falcon', 'reports'));
    const json = JSON.parse(await readFile(path.join(sandbox.project, 'prices.json'), 'utf8')) as {
      steps: Array<{ kind: string; websocket: { protocol: string; sent: string[]; received: Array<{ text: string; matched: boolean }> } }>;
    };
    expect(json.steps[0]).toMatchObject({ kind: 'websocket', websocket: { protocol: 'prices.v1', sent: ['{"subscribe":"EURUSD"}', 'bye'] } });
    expect(json.steps[0]!.websocket.received.map((message) => message.matched)).toEqual([true, true, true]);
    const markdown = await readFile(
      path.join(
        sandbox.project,
        '.falcon',
        'reports',
        reports.find((name) => name.endsWith('.md'))!,
      ),
      'utf8',
    );
    expect(markdown).toMatch(/\| 1 \| live prices \| ✓ passed \| 3\/3 messages \|/);
    expect(JSON.stringify(json)).not.toContain(PRICES_TOKEN);
  });

  it('fails naming the assertion the messages did not hold, later steps not run, exit 1', async () => {
    await put('.falcon/flows/prices.yaml', pricesFlow('GBPUSD'));
    const result = await falcon('flow', 'run', 'prices', '--report', 'prices.xml');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`^✗ live prices {2}0/3 messages {2}${DURATION}$`, 'm'));
    expect(result.stdout).toMatch(/^ {4}WebSocket ws:\/\/127\.0\.0\.1:\d+\/prices: 2 sent, 3 received$/m);
    expect(result.stdout).toContain(
      '    ✗ messages: expected 3 messages with $.symbol "EURUSD" within 2000 ms, actual 0 of 3 received matched before the server closed the connection (1000)',
    );
    expect(result.stdout).toContain('    ✗ message 1 $.symbol: expected "EURUSD", actual "GBPUSD"');
    expect(result.stdout).toMatch(/^– echo {2}not run/m);
    const junit = await readFile(path.join(sandbox.project, 'prices.xml'), 'utf8');
    expect(junit).toContain('<failure message="messages: expected 3 messages with $.symbol &quot;EURUSD&quot;');
    expect(junit).toContain('← 1 +');
  });

  it('checks the messages against an ingested AsyncAPI document and names the path of the planted mismatch', async () => {
    await put('asyncapi.yaml', await readFile(path.resolve('test/fixtures/asyncapi/prices-asyncapi-2.yaml'), 'utf8'));
    const ingest = await falcon('spec', 'ingest', 'asyncapi.yaml');
    expect(ingest.code).toBe(0);
    expect(ingest.stdout).toContain('Wrote .falcon/asyncapi.json\n\nAsyncAPI 2.6.0 · Prices · 1 channel\n  /prices: receives price; sends subscribe\n');
    await put(
      '.falcon/flows/schema.yaml',
      `steps:
  - websocket: {url: "${server.url}/prices", headers: {Authorization: "Bearer {{env:PRICE_TOKEN}}"}, subprotocols: [prices.v1]}
    send: {subscribe: GBPUSD}
    expect: {count: 3}
`,
    );
    const result = await falcon('flow', 'run', 'schema');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '    ✗ message 2 schema $.price: expected matches the "price" message of channel /prices (asyncapi.yaml), actual must be number, got "1.0843"',
    );
  });
});

describe('falcon perf --ws', () => {
  it('holds the connections and prints the message latency percentiles, and writes them as JSON and as a report counting messages', async () => {
    const result = await falcon(
      'perf',
      '--ws',
      `${server.url}/echo`,
      '-c',
      '4',
      '-n',
      '40',
      '--message',
      '{"ping": true}',
      '--json',
      'ws.json',
      '--report',
      'ws.html',
      '--threshold',
      'error_rate<0.01',
    );
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/echo — WebSocket, closed model, 4 connections, [\\d.]+ s$`));
    expect(lines[1]).toBe('  messages    40 · 40 answered · 0 failed');
    expect(lines[3]).toMatch(
      /^ {2}latency ms {2}min [\d.]+ · mean [\d.]+ · p50 [\d.]+ · p90 [\d.]+ · p95 [\d.]+ · p99 [\d.]+ · p99\.9 [\d.]+ · max [\d.]+ \(message to its reply\)$/,
    );
    expect(lines[4]).toBe('  thresholds  ✓ error_rate<0.01 (0)');
    const json = JSON.parse(await readFile(path.join(sandbox.project, 'ws.json'), 'utf8')) as {
      protocol: string;
      requests: { total: number };
      latency_ms: Record<string, number>;
    };
    expect(json).toMatchObject({ protocol: 'websocket', requests: { total: 40 } });
    expect(Object.keys(json.latency_ms)).toEqual(['min', 'mean', 'p50', 'p90', 'p95', 'p99', 'p999', 'max']);
    const html = await readFile(path.join(sandbox.project, 'ws.html'), 'utf8');
    expect(html).toContain('<dt>Messages</dt><dd>40 — 40 answered, 0 failed</dd>');
    expect(html).toMatch(/<dt>Throughput<\/dt><dd>[\d.,]+ msg\/s<\/dd>/);
    expect(html).not.toMatch(/req\/s|HTTP status/);
  });

  it('exits 1 naming what the server answered when the connection is refused', async () => {
    const result = await falcon('perf', '--ws', `${server.url}/prices`, '-n', '1');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/falcon: ws:\/\/127\.0\.0\.1:\d+\/prices: the server answered HTTP 401 Unauthorized instead of switching to WebSocket\n$/);
  });
});

describe('the websocket tool in a session', () => {
  let models: FakeModelServer;
  beforeAll(async () => {
    models = await startFakeModelServer();
  });
  afterAll(() => models.close());
  beforeEach(async () => {
    models.reset();
    await sandbox.testApiAt(server.url.replace('ws://', 'http://'));
    await sandbox.writeConfig({
      default_provider: 'openai',
      providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
    });
    await sandbox.trustProject();
  });

  it('a scripted model finds the deferred tool with tool_search, subscribes, and reads the messages', async () => {
    models.script([
      'ACTION: tool_search({"query": "websocket subscribe messages"})',
      `ACTION: websocket({"url": "{{BASE_URL}}/prices", "headers": {"Authorization": "Bearer {{env:PRICE_TOKEN}}"}, "subprotocols": ["prices.v1"], "send": {"subscribe": "EURUSD"}, "expect": {"json_path": {"$.symbol": "EURUSD"}, "count": 3, "within_ms": 2000}})`,
      'Final Answer: three EURUSD prices arrived.',
    ]);
    const result = await falcon('-p', 'subscribe to EURUSD prices and check three arrive');
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('three EURUSD prices arrived.\n');
    const [search, exchange] = models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
    expect(search).toContain('websocket');
    expect(exchange).toMatch(new RegExp(`WebSocket ws://127\\.0\\.0\\.1:\\d+/prices · passed · 3 of 3 expected messages matched · 1 sent · 3 received`));
    expect(exchange).toMatch(/received 3 \(\+\d+ ms\) ✓: \{"type":"price","symbol":"EURUSD","price":1\.0844,"seq":3\}/);
    expect(exchange).not.toContain(PRICES_TOKEN);
  });

  it('a scripted model load-tests the echo endpoint with run_performance, approved, and reads the message figures', async () => {
    models.script([
      'ACTION: tool_search({"query": "select:run_performance"})',
      `ACTION: run_performance({"url": "${server.url}/echo", "connections": 2, "requests": 20, "message": {"ping": true}, "thresholds": ["error_rate<0.01"]})`,
      'Final Answer: 20 messages, all answered.',
    ]);
    const result = await falcon('-p', 'load test the echo websocket', '--yes');
    expect(result.stdout).toBe('20 messages, all answered.\n');
    const observation = models.requests[2]!.messages.at(-1)!.content;
    expect(observation).toMatch(new RegExp(`ws://127\\.0\\.0\\.1:\\d+/echo — WebSocket, closed model, 2 connections, [\\d.]+ s`));
    expect(observation).toContain('messages    20 · 20 answered · 0 failed');
    expect(observation).toMatch(/thresholds {2}✓ error_rate<0\.01 \(0\)\nReport: \.falcon\/reports\/perf_report_.+\.md/);
  });
});
