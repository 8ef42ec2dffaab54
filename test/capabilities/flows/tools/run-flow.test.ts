import { access } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { falconWriteTool } from '../../../../src/capabilities/falcon-folder/tools/falcon-write.js';
import { createToolRegistry } from '../../../../src/kit/tool/tool-registry.js';
import { loadDefaultTools } from '../../../../src/agent/default-tools.js';
import { runFlowTool } from '../../../../src/capabilities/flows/tools/run-flow.js';
import { describeTools } from '../../../../src/agent/tool-reference.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { CHECKOUT_FLOW, type FlowShopApi, HEALTH_REQUEST, SHOP_TOKEN, startFlowShopApi } from '../../../apis/flow-shop-api.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let api: FlowShopApi;
let project: TempProject;
let ctx: ToolContext;
let progress: string[];

beforeAll(async () => {
  api = await startFlowShopApi();
});
afterAll(() => api.close());

beforeEach(async () => {
  api.hits.length = 0;
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\n`);
  await project.write('.falcon/requests/health.yaml', HEALTH_REQUEST);
  await project.write('.falcon/flows/checkout.yaml', CHECKOUT_FLOW);
  progress = [];
  ctx = { ...toolContext(project.root, new AbortController().signal, 'dev'), progress: (message) => progress.push(message) };
});
afterEach(() => project.remove());

type Args = z.input<typeof runFlowTool.schema>;
const run = (args: Args) => runFlowTool.run(runFlowTool.schema.parse(args), ctx);
const preview = (args: Args) => runFlowTool.preview!(runFlowTool.schema.parse(args), ctx);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a ToolError'),
    (error: unknown) => (error instanceof ToolError ? error.message : Promise.reject(error)),
  );

describe('run_flow', () => {
  it('runs a saved flow end to end: each step with its result, variables passed along, the token masked', async () => {
    expect(await preview({ name: 'checkout' })).toBeUndefined();
    const observation = await run({ name: 'checkout' });
    expect(observation).toMatch(/^PASSED: flow "checkout" — 4 passed in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)/);
    expect(observation).toMatch(
      /\n✓ 1\. health — 200, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\n✓ 2\. log in — 200, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\n✓ 3\. order — 201, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\n✓ 4\. wait until paid — 200, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?), 2 attempts\n/,
    );
    expect(observation).toContain(`Flow file: ${path.join(project.root, '.falcon', 'flows', 'checkout.yaml')}`);
    expect(observation).not.toContain(SHOP_TOKEN);
    expect(progress).toHaveLength(4);
    expect(progress[1]).toMatch(/^✓ 2\. log in — 200/);
    expect(api.hits).toEqual(['GET /health', 'POST /login', 'POST /orders', 'GET /orders/1', 'GET /orders/1']);
  });

  it('runs an inline flow; a failing check is shown with expected and actual, and the steps after it are not sent', async () => {
    const observation = await run({
      flow: {
        name: 'bad login',
        steps: [
          {
            name: 'log in',
            request: { method: 'POST', url: '{{BASE_URL}}/login', body: { user: 'ann', password: 'wrong' } },
            assertions: { status_code: 200 },
          },
          { name: 'order', request: { method: 'POST', url: '{{BASE_URL}}/orders' } },
        ],
      },
    });
    expect(observation).toMatch(/^FAILED: flow "bad login" — 1 failed, 1 skipped in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?); first failure at step 1 "log in"/);
    expect(observation).toMatch(
      /✗ 1\. log in — 401, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\n {4}.*expected 200, actual 401 Unauthorized\n {4}POST http:\/\/127\.0\.0\.1:\d+\/login\n {4}response: {"error":"bad credentials"}\n– 2\. order — skipped: an earlier step failed/,
    );
    expect(api.hits).toEqual(['POST /login']);
  });

  it('returns the problems of an invalid inline flow, each at its path, and sends nothing', async () => {
    const message = await failure(run({ flow: { steps: [{ name: 'x', requets: { url: '{{BASE_URL}}/health' } }] } }));
    expect(message).toContain('The flow is not valid; nothing was sent.');
    expect(message).toContain('flow at steps.0: unknown key "requets" (did you mean "request"?)');
    expect(api.hits).toEqual([]);
  });

  it('needs a name or a flow, and names the saved flows for an unknown one', async () => {
    expect(await failure(run({}))).toContain('needs either "name"');
    expect(await failure(run({ name: 'checkuot' }))).toMatch(/No saved flow "checkuot".*Saved flows: checkout\./);
    expect(await failure(run({ name: '../outside.yaml' }))).toContain('path escapes the project');
  });

  it('asks once before a flow sends to another origin, naming it and the steps', async () => {
    const flow = {
      name: 'mixed',
      steps: [
        { request: 'health' },
        { name: 'elsewhere', request: { url: 'https://other.example/a', headers: { Authorization: 'Bearer {{token}}' } } },
        { name: 'also elsewhere', request: { url: 'https://other.example/b/{{id}}' } },
        { name: 'from a response', request: { url: '{{next_url}}/c' } },
      ],
    };
    const asked = await preview({ flow });
    expect(asked).toMatchObject({ kind: 'info', title: 'run flow "mixed" with requests to 2 other origins' });
    const details = asked && 'details' in asked ? asked.details : '';
    expect(details).toContain(`the API under test is ${api.url}`);
    expect(details).toContain('https://other.example: steps 2, 3');
    expect(details).toContain('{{next_url}}/c (known only when the flow runs; asked when it is sent): step 4');
    expect(details).toContain('They carry: {{token}}');
    const one = await preview({ flow: { steps: [{ request: { url: 'https://other.example/a' } }] } });
    expect(one).toMatchObject({
      title: 'run flow "inline flow" with requests to https://other.example',
      always: { kind: 'origins', origins: ['https://other.example'] },
    });
    // A URL known only when the flow runs cannot be named in advance: "always" offers nothing for it.
    expect(asked).not.toHaveProperty('always');
  });

  it('asks about a WebSocket step by the origin of the server it upgrades from, with the credentials of its headers', async () => {
    const flow = {
      steps: [{ websocket: { url: 'wss://feed.example/prices', headers: { Authorization: 'Bearer {{token}}' } }, send: { subscribe: 'EURUSD' } }],
    };
    const asked = await preview({ flow });
    expect(asked).toMatchObject({
      title: 'run flow "inline flow" with requests to https://feed.example',
      always: { kind: 'origins', origins: ['https://feed.example'] },
    });
    expect(asked && 'details' in asked ? asked.details : '').toContain('They carry: {{token}}');
    const local = { steps: [{ websocket: { url: `${api.url.replace('http://', 'ws://')}/prices` } }] };
    expect(await preview({ flow: local })).toBeUndefined();
  });
});

describe('orchestrate_integration', () => {
  it('is run_flow by the Go original’s name, listed once in the tool reference', async () => {
    const tools = await loadDefaultTools();
    const registry = createToolRegistry(tools);
    expect(registry.get('orchestrate_integration')).toBe(registry.get('run_flow'));
    expect(registry.names.has('orchestrate_integration')).toBe(true);
    expect(registry.list().map((tool) => tool.name)).not.toContain('orchestrate_integration');
    expect(describeTools(tools)).not.toContain('orchestrate_integration');
    const tool = registry.get('orchestrate_integration')!;
    expect(await tool.run(tool.schema.parse({ name: 'checkout' }), ctx)).toMatch(/^PASSED: flow "checkout"/);
  });
});

describe('falcon_write of a flow', () => {
  const write = (args: z.input<typeof falconWriteTool.schema>) => falconWriteTool.run(falconWriteTool.schema.parse(args), ctx);

  it('refuses a flow that does not validate, naming the line, and writes nothing', async () => {
    const content = 'name: broken\nsteps:\n  - name: health\n    requets: health\n';
    const message = await failure(write({ path: 'flows/broken.yaml', content }));
    expect(message).toContain('Not written: .falcon/flows/broken.yaml is not a valid flow:');
    expect(message).toContain('.falcon/flows/broken.yaml:4: unknown key "requets" (did you mean "request"?)');
    await expect(access(path.join(project.root, '.falcon', 'flows', 'broken.yaml'))).rejects.toThrow();
  });

  it('writes a valid flow, which run_flow then runs', async () => {
    expect(await write({ path: 'flows/ping.yaml', content: 'steps:\n  - request: health\n' })).toBe('Created .falcon/flows/ping.yaml (yaml, 2 lines).');
    expect(await run({ name: 'ping' })).toMatch(/^PASSED: flow "ping" — 1 passed/);
  });
});
