import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';
import { CHECKOUT_FLOW, type FlowShopApi, HEALTH_REQUEST, SHOP_TOKEN, startFlowShopApi } from '../apis/flow-shop-api.js';

let models: FakeModelServer;
let api: FlowShopApi;
let sandbox: Sandbox;

beforeAll(async () => {
  models = await startFakeModelServer();
  api = await startFlowShopApi();
});
afterAll(async () => {
  await Promise.all([models.close(), api.close()]);
});
beforeEach(async () => {
  sandbox = await createSandbox();
  models.reset();
  api.hits.length = 0;
  await sandbox.testApiAt(api.url);
  const falcon = path.join(sandbox.project, '.falcon');
  await mkdir(path.join(falcon, 'requests'));
  await mkdir(path.join(falcon, 'flows'));
  await writeFile(path.join(falcon, 'requests', 'health.yaml'), HEALTH_REQUEST);
  await writeFile(path.join(falcon, 'flows', 'checkout.yaml'), CHECKOUT_FLOW);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
  });
  // The user's own project: its BASE_URL is the API under test.
  await sandbox.trustProject();
});
afterEach(() => sandbox.cleanup());

it('the agent runs a saved flow end to end, and the Go original’s name runs it too', async () => {
  models.script(['ACTION: run_flow({"name": "checkout"})', 'ACTION: orchestrate_integration({"name": "checkout"})', 'Final Answer: checkout passes: 4 steps']);
  const result = await runFalcon(['-p', 'run the checkout flow'], { cwd: sandbox.project, env: sandbox.env() });
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe('checkout passes: 4 steps\n');

  const [first, second] = models.requests.slice(1).map((request) => request.messages.at(-1)!.content);
  for (const observation of [first!, second!]) {
    expect(observation).toMatch(/PASSED: flow "checkout" — 4 passed in (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)/);
    expect(observation).toMatch(
      /✓ 1\. health — 200, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\n✓ 2\. log in — 200, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\n✓ 3\. order — 201, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?)\n✓ 4\. wait until paid — 200, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?), 2 attempts/,
    );
    expect(observation).not.toContain(SHOP_TOKEN);
  }
  expect(api.hits.filter((hit) => hit === 'POST /login')).toHaveLength(2);
});
