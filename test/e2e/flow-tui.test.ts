import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.mjs';
import { createSandbox, type Sandbox } from '../support/falcon-binary.js';
import { startFalconInPty, type PtySession } from '../support/pty-session.js';
import { CHECKOUT_FLOW, type FlowShopApi, HEALTH_REQUEST, SHOP_TOKEN, startFlowShopApi } from '../tools/flow-shop-api.js';

let models: FakeModelServer;
let api: FlowShopApi;
let sandbox: Sandbox;
let falcon: PtySession | undefined;

const SLOW_FLOW = `name: slow
steps:
  - name: health
    request: health
  - wait: 10m
  - name: never reached
    request: health
`;

beforeAll(async () => {
  models = await startFakeModelServer();
  api = await startFlowShopApi();
});
afterAll(async () => {
  await Promise.all([models.close(), api.close()]);
});
beforeEach(async () => {
  sandbox = await createSandbox();
  api.hits.length = 0;
  await sandbox.testApiAt(api.url);
  const falconDir = path.join(sandbox.project, '.falcon');
  await mkdir(path.join(falconDir, 'requests'));
  await mkdir(path.join(falconDir, 'flows'));
  await writeFile(path.join(falconDir, 'requests', 'health.yaml'), HEALTH_REQUEST);
  await writeFile(path.join(falconDir, 'flows', 'checkout.yaml'), CHECKOUT_FLOW);
  await writeFile(path.join(falconDir, 'flows', 'slow.yaml'), SLOW_FLOW);
  await sandbox.writeConfig({
    default_provider: 'openai',
    providers: { openai: { model: 'gpt-test', config: { api_key: 'sk-test-key-for-the-fake-server', base_url: models.openaiBaseUrl } } },
  });
  falcon = startFalconInPty([], { cwd: sandbox.project, env: sandbox.env(), cols: 100, rows: 40 });
  await falcon.waitForText('Ask about your API');
});
afterEach(async () => {
  falcon?.kill();
  falcon = undefined;
  await sandbox.cleanup();
});

const type = (session: PtySession, text: string) => session.submit(text);

it('/flow NAME runs a saved flow in the session, a line per step, without the model', async () => {
  await type(falcon!, '/flow checkout');
  await falcon!.waitForText(/PASSED: flow "checkout" — 4 passed/);
  const screen = falcon!.screen();
  expect(screen).toMatch(/Running flow "checkout" \(4 steps\)… esc to stop/);
  expect(screen).toMatch(/✓ 1\. health — 200/);
  expect(screen).toMatch(/✓ 4\. wait until paid — 200, (?:\d+ ms|[\d.]+ s|\d+ min(?: \d+ s)?), 2 attempts/);
  expect(screen).not.toContain(SHOP_TOKEN);
  expect(models.requests).toHaveLength(0);
});

it('the flow’s own command (/slow) runs it, and esc stops it between steps', async () => {
  await type(falcon!, '/slow');
  await falcon!.waitForText(/✓ 1\. health — 200/);
  falcon!.write('\x1b');
  // The wait is ten minutes: only esc can end the flow within the test's timeout.
  await falcon!.waitForText('/slow: flow "slow" stopped by esc after 1 of 3 steps');
  expect(api.hits).toEqual(['GET /health']);
  // The session is usable again at once.
  await type(falcon!, '/flow checkout');
  await falcon!.waitForText(/PASSED: flow "checkout"/);
});
