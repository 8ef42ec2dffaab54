import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FALCON_BIN, createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { type SpecServer, closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { NONCONFORMING_SPEC_FILE, startNonconformingApi } from '../apis/nonconforming-api.js';
import { startTestApi, type TestApi } from '../apis/test-api-server.js';
import { CHECKOUT_FLOW, type FlowShopApi, HEALTH_REQUEST, SHOP_TOKEN, startFlowShopApi } from '../apis/flow-shop-api.js';

let shop: FlowShopApi;
let users: TestApi;
let items: SpecServer;
let sandbox: Sandbox;
const clients: Client[] = [];

beforeAll(async () => {
  [shop, users, items] = await Promise.all([startFlowShopApi(), startTestApi(), startNonconformingApi()]);
});
afterAll(async () => {
  await Promise.all([shop.close(), users.close(), items.close()]);
});
beforeEach(async () => {
  sandbox = await createSandbox();
  shop.hits.length = 0;
  users.hits.length = 0;
  // dev, the active environment, is the shop; items is the API the spec describes.
  await sandbox.testApiAt(shop.url);
  // The user's own project: its BASE_URL is the API under test (untrusted-base-url.test.ts has the other case).
  await sandbox.trustProject();
  const falcon = path.join(sandbox.project, '.falcon');
  await writeFile(path.join(falcon, 'environments', 'items.yaml'), `BASE_URL: ${items.url}\n`);
  await mkdir(path.join(falcon, 'requests'));
  await mkdir(path.join(falcon, 'flows'));
  await writeFile(path.join(falcon, 'requests', 'health.yaml'), HEALTH_REQUEST);
  await writeFile(path.join(falcon, 'flows', 'checkout.yaml'), CHECKOUT_FLOW);
  await copyFile(NONCONFORMING_SPEC_FILE, path.join(sandbox.project, 'openapi.yaml'));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await sandbox.cleanup();
});

interface Connection {
  client: Client;
  /** What the server asked the user through elicitation. */
  asked: string[];
  /** Lines on stdout that were not protocol, and other transport errors. */
  protocolErrors: Error[];
  stderr(): string;
  /** `progress` hears the server's progress notifications of the call. */
  call(name: string, args?: Record<string, unknown>, progress?: (message: string) => void): Promise<{ text: string; isError: boolean }>;
}

/** `falcon mcp serve` in the sandbox's project, driven by the SDK's own client over stdio. */
async function connect(options: { flags?: string[]; answer?: 'accept' | 'decline'; cwd?: string } = {}): Promise<Connection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FALCON_BIN, 'mcp', 'serve', ...(options.flags ?? [])],
    cwd: options.cwd ?? sandbox.project,
    env: sandbox.env() as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'falcon-test', version: '1.0.0' }, { capabilities: options.answer ? { elicitation: {} } : {} });
  clients.push(client);
  const asked: string[] = [];
  if (options.answer) {
    const answer = options.answer;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return { action: answer, ...(answer === 'accept' && { content: {} }) };
    });
  }
  const protocolErrors: Error[] = [];
  client.onerror = (error) => protocolErrors.push(error);
  await client.connect(transport);
  return {
    client,
    asked,
    protocolErrors,
    stderr: () => stderr,
    async call(name, args = {}, progress) {
      const onprogress = progress && (({ message }: { message?: string }) => progress(message ?? ''));
      const result = await client.callTool({ name, arguments: args }, undefined, onprogress && { onprogress });
      const content = result.content as { type: string; text: string }[];
      return { text: content.map((item) => item.text).join('\n'), isError: result.isError === true };
    },
  };
}

describe('falcon mcp serve', () => {
  it("lists the engines' tools with their JSON Schemas, and writes nothing but protocol to stdout", async () => {
    const falcon = await connect();
    const { tools } = await falcon.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'http_request',
      'run_saved_request',
      'run_spec_tests',
      'find_handler',
      'list_environments',
      'run_flow',
      'run_performance',
      'scan_security',
    ]);
    const http = tools.find((tool) => tool.name === 'http_request')!;
    expect(http.inputSchema).toMatchObject({ type: 'object', required: ['method', 'url'], additionalProperties: false });
    expect(http.annotations).toEqual({ readOnlyHint: false, openWorldHint: true });
    expect(tools.find((tool) => tool.name === 'list_environments')!.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(falcon.protocolErrors).toEqual([]);
    expect(falcon.stderr()).toBe('');
  });

  it('sends a request to the API under test without asking, and lists the environments', async () => {
    const falcon = await connect();
    const response = await falcon.call('http_request', { method: 'GET', url: '{{BASE_URL}}/health' });
    expect(response.isError).toBe(false);
    expect(response.text).toMatch(/^HTTP 200 OK/);
    expect(response.text).toContain('"ok": true');
    expect(shop.hits).toEqual(['GET /health']);
    expect(await falcon.call('list_environments')).toEqual({ text: '2 environments:\n- dev (active)\n- items', isError: false });
  });

  it('serves the project --project names, for a client that starts it elsewhere', async () => {
    const falcon = await connect({ cwd: sandbox.home, flags: ['--project', sandbox.project] });
    expect(await falcon.call('list_environments')).toEqual({ text: '2 environments:\n- dev (active)\n- items', isError: false });
  });

  it('asks the user through the client before a request to another origin, and sends it only on a yes', async () => {
    const yes = await connect({ answer: 'accept' });
    const sent = await yes.call('http_request', { method: 'GET', url: `${users.url}/users/7` });
    expect(sent.isError).toBe(false);
    expect(sent.text).toContain('Ada Lovelace');
    expect(yes.asked).toHaveLength(1);
    expect(yes.asked[0]).toContain(`Falcon asks before http_request runs:`);
    expect(yes.asked[0]).toContain(users.url);
    expect(users.hits).toEqual(['GET /users/7']);

    const no = await connect({ answer: 'decline' });
    const declined = await no.call('http_request', { method: 'GET', url: `${users.url}/users/8` });
    expect(declined.isError).toBe(true);
    expect(declined.text).toMatch(/^The user declined .*Nothing was sent\.$/);
    expect(users.hits).toEqual(['GET /users/7']);
  });

  it('asks before a load test, as a session does, and runs it on a yes', async () => {
    const falcon = await connect({ answer: 'accept' });
    const load = await falcon.call('run_performance', { url: '{{BASE_URL}}/health', requests: 20, connections: 2 });
    expect(falcon.asked).toEqual([expect.stringContaining('Falcon asks before run_performance runs:')]);
    expect(load.isError).toBe(false);
    expect(load.text).toContain('requests    20 · 20 ok · 0 failed');
    expect(shop.hits.filter((hit) => hit === 'GET /health')).toHaveLength(20);
  });

  it('refuses such a request when the client cannot ask, unless the server runs with --yes', async () => {
    const cannotAsk = await connect();
    const refused = await cannotAsk.call('http_request', { method: 'GET', url: `${users.url}/users/7` });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain("http_request needs the user's approval first");
    expect(refused.text).toContain('this MCP client cannot ask (it does not support elicitation). Nothing was sent.');
    expect(refused.text).toContain('falcon mcp serve --yes');
    expect(users.hits).toEqual([]);

    const approvedByTheClient = await connect({ flags: ['--yes'] });
    const sent = await approvedByTheClient.call('http_request', { method: 'GET', url: `${users.url}/users/7` });
    expect(sent.text).toContain('Ada Lovelace');
  });

  it('asks before following a redirect to another origin, and does not follow it when the client cannot ask', async () => {
    const bouncer = createServer((_req, res) => res.writeHead(302, { location: `${users.url}/users/7` }).end());
    const bouncerUrl = await listenOnLoopback(bouncer);
    try {
      await sandbox.testApiAt(bouncerUrl);
      const cannotAsk = await connect();
      const stopped = await cannotAsk.call('http_request', { method: 'GET', url: '{{BASE_URL}}/go', follow_redirects: true });
      expect(stopped.isError).toBe(false);
      expect(stopped.text).toMatch(/^HTTP 302 Found/);
      expect(stopped.text).toContain(`not followed: http_request needs the user's approval first (follow the 302 redirect from ${bouncerUrl} to ${users.url})`);
      expect(users.hits).toEqual([]);

      const yes = await connect({ answer: 'accept' });
      const followed = await yes.call('http_request', { method: 'GET', url: '{{BASE_URL}}/go', follow_redirects: true });
      expect(yes.asked).toEqual([expect.stringContaining(`follow the 302 redirect from ${bouncerUrl} to ${users.url}`)]);
      expect(followed.text).toContain('Ada Lovelace');
      expect(users.hits).toEqual(['GET /users/7']);
    } finally {
      await closeServer(bouncer);
    }
  });

  it("runs the spec's tests against an environment and writes the report, as falcon test does", async () => {
    const falcon = await connect();
    const progress: string[] = [];
    const tested = await falcon.call('run_spec_tests', { spec: 'openapi.yaml', env: 'items', include: ['getStats'], strategies: ['happy'] }, (message) =>
      progress.push(message),
    );
    expect(progress[0]).toBe(`5 cases for 1 operations of openapi.yaml against ${items.url}`);
    expect(progress.at(-1)).toBe('5/5 cases');
    expect(tested.isError).toBe(false);
    expect(tested.text).toContain(`Nonconforming API 1.0.0 against ${items.url}: `);
    expect(tested.text).toMatch(/ — \d+ passed, 1 failed; operations covered 1\/1\./);
    expect(tested.text).toMatch(/^Coverage: \d+\/\d+ documented responses .*, \d+\/\d+ parameters, \d+\/\d+ body properties\.$/m);
    expect(tested.text).toContain('Findings: not_a_server_error 1.');
    expect(tested.text).toContain(`reproduce: curl -sS -i '${items.url}/stats'`);
    expect(tested.text).toMatch(/Report: \.falcon\/reports\/test_report_.*\.md/);
    expect((await readdir(path.join(sandbox.project, '.falcon', 'reports'))).some((name) => name.startsWith('test_report_'))).toBe(true);
  });

  it('keeps spec files inside the project', async () => {
    const falcon = await connect();
    const refused = await falcon.call('run_spec_tests', { spec: NONCONFORMING_SPEC_FILE, env: 'items' });
    expect(refused).toEqual({ text: expect.stringMatching(/^spec: path escapes the project: /), isError: true });
  });

  it('runs a saved flow and a saved request, the token it logs in with masked', async () => {
    const falcon = await connect();
    const flow = await falcon.call('run_flow', { name: 'checkout' });
    expect(flow.isError).toBe(false);
    expect(flow.text).toMatch(/PASSED: flow "checkout" — 4 passed in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)/);
    expect(flow.text).not.toContain(SHOP_TOKEN);
    const request = await falcon.call('run_saved_request', { name: 'health' });
    expect(request.isError).toBe(false);
    expect(request.text).toContain('200');
    expect(shop.hits).toEqual(['GET /health', 'POST /login', 'POST /orders', 'GET /orders/1', 'GET /orders/1', 'GET /health']);
  });

  it('refuses a destructive scan unless the server runs with --allow-destructive, before asking or sending anything', async () => {
    const falcon = await connect({ answer: 'accept' });
    const refused = await falcon.call('scan_security', { spec: 'openapi.yaml', allow_destructive: true });
    expect(refused).toEqual({
      text: 'allow_destructive is refused: this Falcon MCP server was started without --allow-destructive. Nothing was sent.',
      isError: true,
    });
    expect(falcon.asked).toEqual([]);
  });

  it("finds an endpoint's handler in the project's code", async () => {
    await writeFile(
      path.join(sandbox.project, 'server.js'),
      "const express = require('express');\nconst app = express();\n\napp.get('/users/:id', function getUser(req, res) {\n  res.json({ id: req.params.id });\n});\n",
    );
    const falcon = await connect();
    const found = await falcon.call('find_handler', { method: 'GET', path: '/users/42' });
    expect(found.isError).toBe(false);
    expect(found.text).toContain('GET /users/42 → GET /users/:id');
    expect(found.text).toContain('server.js:4');
  });

  it('answers arguments that do not fit a tool with what is wrong', async () => {
    const falcon = await connect();
    expect(await falcon.call('http_request', { method: 'FETCH', url: 'http://x' })).toEqual({
      text: 'invalid arguments for http_request: method: expected one of "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", received "FETCH"',
      isError: true,
    });
  });
});

describe('falcon mcp', () => {
  it('prints its help when no command is given', async () => {
    const result = await runFalcon(['mcp'], { cwd: sandbox.project, env: sandbox.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: falcon mcp [options] [command]');
    expect(result.stdout).toContain('serve [options]');
    expect(result.stdout).toContain('claude mcp add falcon -- falcon mcp serve');
  });
});
