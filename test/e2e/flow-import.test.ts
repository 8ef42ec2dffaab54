// Runs the built binary (npm run build first; npm test does it).
import { copyFile, readdir } from 'node:fs/promises';
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
  await copyFile(new URL('../engines/flows/import/shop-collection.json', import.meta.url), path.join(sandbox.project, 'collection.json'));
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
  expect((await falcon('flow', 'import', 'collection.json')).stdout).toContain('wrote .falcon/flows/orders-2.yaml');
});

it('exports an imported flow as a k6 script', async () => {
  await copyFile(new URL('../engines/flows/import/shop-collection.json', import.meta.url), path.join(sandbox.project, 'collection.json'));
  await falcon('flow', 'import', 'collection.json');
  const exported = await falcon('flow', 'export-k6', 'orders', 'orders.js');
  expect(exported.stderr).toBe('');
  expect(exported.code).toBe(0);
  expect(await readdir(sandbox.project)).toContain('orders.js');
});
