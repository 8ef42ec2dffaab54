import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { exportFlowK6 } from '../../../../../src/capabilities/flows/engine/k6/export-flow-k6.js';
import { parseFlow } from '../../../../../src/engines/flow-files/parse-flow.js';
import { SecretRegistry } from '../../../../../src/safety/secret-registry.js';

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

async function exportedWith(text = CHECKOUT, secrets = new SecretRegistry(), lookup?: (name: string) => Promise<string | undefined>) {
  const file = path.join(project, '.falcon', 'flows', 'checkout.yaml');
  return exportFlowK6({ flow: await parseFlow(text, 'checkout.yaml'), file, name: 'checkout' }, project, secrets, lookup);
}

async function exported(text = CHECKOUT, secrets = new SecretRegistry()): Promise<string> {
  return (await exportedWith(text, secrets)).script;
}

it('writes a script node can parse, its steps in order', async () => {
  const script = await exported();
  const file = path.join(project, 'script.mjs');
  await writeFile(file, script);
  await expect(promisify(execFile)(process.execPath, ['--check', file])).resolves.toBeDefined();
  const order = ['// step 1: health', '// step 2: log in', 'sleep(0.1);', '// step 4: wait until paid', '// step 5: product'].map((text) =>
    script.indexOf(text),
  );
  expect(order.every((position, index) => position > (order[index - 1] ?? -1))).toBe(true);
  expect(script).toContain('"health: status 204": (r) => r.status === 204');
  expect(script).toContain(String.raw`"wait until paid: $.status is \"paid\"": (r) =>`);
});

it('reads {{env:…}} from __ENV and wires extracted values into later steps', async () => {
  const script = await exported();
  expect(script).toContain('password: __ENV["SHOP_PW"]');
  expect(script).toContain('for (const name of ["BASE_URL", "SHOP_PW"])');
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

it('lists every variable the script reads from __ENV, BASE_URL included, in the order it first reads them', async () => {
  const known: Record<string, string> = { BASE_URL: 'http://localhost:3000', token: 'never-looked-up', SHOP_PW: 'not-shown' };
  const { script, variables } = await exportedWith(CHECKOUT, new SecretRegistry(), async (name) => known[name]);
  // qty is the flow's, token extracted before its use, sku a row's column: none is read from __ENV.
  expect(variables).toEqual([{ name: 'BASE_URL', value: 'http://localhost:3000' }, { name: 'SHOP_PW' }]);
  expect(script).toContain('// Run it: k6 run -e BASE_URL=http://localhost:3000 -e SHOP_PW=… script.js');
  expect(script).toContain('for (const name of ["BASE_URL", "SHOP_PW"]) {');
});

it('reads a {{VAR}} used before the step that extracts it from __ENV, and never shows a secret’s value', async () => {
  const secrets = new SecretRegistry();
  secrets.register('tok-secret-4242', 'API_TOKEN');
  const flow =
    'steps:\n  - request: {url: "{{HOST}}/a", headers: {Authorization: "Bearer {{API_TOKEN}}", X-Id: "{{id}}"}}\n    extract: {id: "$.id"}\n  - request: {url: "{{HOST}}/b/{{id}}"}\n';
  const values: Record<string, string> = { HOST: 'https://api.test', API_TOKEN: 'tok-secret-4242' };
  const { script, variables } = await exportedWith(flow, secrets, async (name) => values[name]);
  expect(variables).toEqual([{ name: 'HOST', value: 'https://api.test' }, { name: 'API_TOKEN', secret: true }, { name: 'id' }]);
  expect(script).not.toContain('tok-secret-4242');
});
