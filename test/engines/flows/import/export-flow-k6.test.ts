import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { exportFlowK6 } from '../../../../src/engines/flows/k6/export-flow-k6.js';
import { parseFlow } from '../../../../src/engines/flows/parse-flow.js';
import { SecretRegistry } from '../../../../src/safety/secret-registry.js';

const CHECKOUT = `name: checkout
vars: {qty: 2}
steps:
  - name: health
    request: health
  - name: log in
    request: {method: POST, url: "{{BASE_URL}}/login", body: {user: ann, password: "{{env:SHOP_PW}}"}}
    assertions: {status_code: 200}
    extract: {token: "$.auth.token"}
  - wait: 100ms
  - name: wait until paid
    request: {method: GET, url: "{{BASE_URL}}/orders/1", headers: {Authorization: "Bearer {{token}}"}}
    until: {json_path: {"$.status": "paid"}}
    retry: {times: 5, every: 200ms}
  - name: product
    foreach: products.csv
    request: {method: GET, url: "{{BASE_URL}}/products/{{sku}}"}
    assertions: {status_code: 200, headers_not_present: [X-Debug]}
`;

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(tmpdir(), 'flow-k6-'));
  await mkdir(path.join(project, '.falcon', 'requests'), { recursive: true });
  await mkdir(path.join(project, '.falcon', 'flows'), { recursive: true });
  await writeFile(path.join(project, '.falcon', 'requests', 'health.yaml'), 'url: "{{BASE_URL}}/health"\nassertions: {status_code: 204}\n');
  await writeFile(path.join(project, '.falcon', 'flows', 'products.csv'), 'sku\nA-1\nB-2\n');
});
afterEach(() => rm(project, { recursive: true, force: true }));

async function exported(text = CHECKOUT, secrets = new SecretRegistry()): Promise<string> {
  const file = path.join(project, '.falcon', 'flows', 'checkout.yaml');
  return exportFlowK6({ flow: await parseFlow(text, 'checkout.yaml'), file, name: 'checkout' }, project, secrets);
}

it('writes a script node can parse, its steps in order', async () => {
  const script = await exported();
  const file = path.join(project, 'script.mjs');
  await writeFile(file, script);
  await expect(promisify(execFile)(process.execPath, ['--check', file])).resolves.toBeDefined();
  const order = ['// step 1: health', '// step 2: log in', 'sleep(0.1);', '// step 4: wait until paid', '// step 5: product'].map((text) => script.indexOf(text));
  expect(order.every((position, index) => position > (order[index - 1] ?? -1))).toBe(true);
  expect(script).toContain('"health: status 204": (r) => r.status === 204');
  expect(script).toContain(String.raw`"wait until paid: $.status is \"paid\"": (r) =>`);
});

it('reads {{env:…}} from __ENV and wires extracted values into later steps', async () => {
  const script = await exported();
  expect(script).toContain('password: __ENV["SHOP_PW"]');
  expect(script).toContain('for (const name of ["SHOP_PW"])');
  expect(script).toContain('vars["token"] = response.json("auth.token");');
  expect(script).toContain('"Bearer " + v(vars, "token")');
  expect(script).toContain('const FLOW_VARS = { qty: 2 };');
});

it('writes until as a bounded loop, foreach rows inline and says what it cannot carry over', async () => {
  const script = await exported();
  expect(script).toContain('for (let tries = 1; tries <= 5 && !((String(response.json("status")) === String("paid"))); tries += 1) {');
  expect(script).toContain('sleep(0.2);');
  expect(script).toContain('for (const row of [{ sku: "A-1" }, { sku: "B-2" }]) {');
  expect(script).toContain('// not carried over: the assertion headers_not_present: ["X-Debug"]');
});

it('reads a registered secret written as is from __ENV', async () => {
  const secrets = new SecretRegistry();
  secrets.register('s3cr3t-value-123', 'API_KEY');
  const script = await exported(`steps:\n  - request: {url: "http://api.test/x", headers: {X-Api-Key: s3cr3t-value-123}}\n`, secrets);
  expect(script).not.toContain('s3cr3t-value-123');
  expect(script).toContain('"X-Api-Key": __ENV.API_KEY');
});
