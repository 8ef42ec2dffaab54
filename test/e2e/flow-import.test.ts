// Runs the built binary (npm run build first; npm test does it).
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createSandbox, runFalcon, type Sandbox } from '../support/falcon-binary.js';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await createSandbox();
});
afterEach(() => sandbox.cleanup());

const falcon = (...args: string[]) => runFalcon(args, { cwd: sandbox.project, env: sandbox.env() });

it('imports a Postman collection as flows that falcon flow validate accepts', async () => {
  await copyFile(new URL('../capabilities/flows/engine/import/shop-collection.json', import.meta.url), path.join(sandbox.project, 'collection.json'));
  const imported = await falcon('flow', 'import', 'collection.json');
  expect(imported.stderr).toBe('');
  expect(imported.code).toBe(0);
  expect(imported.stdout).toContain('wrote .falcon/flows/shop-api.yaml (1 step)');
  expect(imported.stdout).toContain('wrote .falcon/flows/orders.yaml (2 steps)');
  expect(imported.stdout).toContain('not converted: test "has an id"');
  expect((await readdir(path.join(sandbox.project, '.falcon', 'flows'))).sort()).toEqual(['orders.yaml', 'shop-api.yaml']);
  for (const name of ['orders', 'shop-api']) {
    const validated = await falcon('flow', 'validate', name);
    expect(validated.stdout + validated.stderr).toMatch(/^valid: \d steps?\n$/);
    expect(validated.code).toBe(0);
  }
  const again = await falcon('flow', 'import', 'collection.json');
  expect(again.stdout).toContain('wrote .falcon/flows/orders-2.yaml (2 steps), named orders-2: a flow file for Orders was there\n');
  expect(again.stdout).toContain('wrote .falcon/flows/shop-api-2.yaml (1 step), named shop-api-2: a flow file for Shop API was there\n');
  expect(await readFile(path.join(sandbox.project, '.falcon', 'flows', 'orders-2.yaml'), 'utf8')).toMatch(/^name: orders-2$/m);
  const listed = await falcon('flow', 'list');
  expect(listed.stdout).toMatch(/^\s*orders-2\b/m);
});

it('exports an imported flow as a k6 script', async () => {
  await copyFile(new URL('../capabilities/flows/engine/import/shop-collection.json', import.meta.url), path.join(sandbox.project, 'collection.json'));
  await falcon('flow', 'import', 'collection.json');
  const exported = await falcon('flow', 'export-k6', 'orders', 'orders.js');
  expect(exported.stderr).toBe('');
  expect(exported.code).toBe(0);
  expect(await readdir(sandbox.project)).toContain('orders.js');
  // baseUrl and sku are the collection's own variables: only what the flow does not set is read from the environment (:id became {{id}}).
  expect(exported.stdout).toBe(
    [
      'Wrote the k6 script orders.js; it reads these 3 variables from the environment:',
      '  dry    no value here: set it yourself',
      '  token  no value here: set it yourself',
      '  id     no value here: set it yourself',
      'Run it with: k6 run -e dry=… -e token=… -e id=… orders.js',
      '',
    ].join('\n'),
  );
});

it('names every variable an exported flow reads from the environment, BASE_URL with the active environment’s value', async () => {
  await sandbox.testApiAt('http://127.0.0.1:4010');
  await mkdir(path.join(sandbox.project, '.falcon', 'flows'), { recursive: true });
  await writeFile(
    path.join(sandbox.project, '.falcon', 'flows', 'login.yaml'),
    'name: login\nsteps:\n  - request: {method: POST, url: "{{BASE_URL}}/login", body: {password: "{{env:SHOP_PW}}"}}\n    extract: {token: "$.token"}\n  - request: {url: "{{BASE_URL}}/me", headers: {Authorization: "Bearer {{token}}"}}\n',
  );
  const exported = await falcon('flow', 'export-k6', 'login', 'login k6.js');
  expect(exported.code).toBe(0);
  expect(exported.stdout).toBe(
    [
      'Wrote the k6 script login k6.js; it reads these 2 variables from the environment:',
      '  BASE_URL  http://127.0.0.1:4010',
      '  SHOP_PW   no value here: set it yourself',
      "Run it with: k6 run -e BASE_URL=http://127.0.0.1:4010 -e SHOP_PW=… 'login k6.js'",
      '',
    ].join('\n'),
  );
  const script = await readFile(path.join(sandbox.project, 'login k6.js'), 'utf8');
  expect(script).toContain('for (const name of ["BASE_URL", "SHOP_PW"]) {');
});
