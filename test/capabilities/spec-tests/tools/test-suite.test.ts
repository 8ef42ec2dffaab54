import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { saveTestSuite } from '../../../../src/engines/testing/suite/test-suite-file.js';
import type { TestCase } from '../../../../src/engines/testing/test-case.js';
import { testSuiteTool } from '../../../../src/capabilities/spec-tests/tools/test-suite.js';
import { toolResult } from '../../../../src/kit/tool/tool-result.js';
import { type ShopProject, reportPaths, shopProject } from '../../../tools/testing-tools-project.js';
import { type ToolsShopApi, startToolsShopApi } from '../../../apis/tools-shop-api.js';

let api: ToolsShopApi;
let shop: ShopProject;

beforeAll(async () => {
  api = await startToolsShopApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  shop = await shopProject({ baseUrl: api.url });
  api.received.length = 0;
});
afterEach(() => shop.project.remove());

type Args = z.input<typeof testSuiteTool.schema>;
const call = async (args: Args) => toolResult(await testSuiteTool.run(testSuiteTool.schema.parse(args), shop.ctx)).text;

const smokeCase = (id: string, urlPath: string, tags: string[]): TestCase => ({
  id,
  name: `GET ${urlPath}`,
  kind: 'smoke',
  tags,
  request: { method: 'GET', path: urlPath },
});
const createItem: TestCase = {
  id: 'createItem/happy/example',
  name: 'POST /items with the example body',
  kind: 'happy',
  operationId: 'createItem',
  tags: ['items'],
  request: { method: 'POST', path: '/items', body: { name: 'Lamp', price: 12.5 } },
  expectStatus: [201],
};

async function saveOps(): Promise<void> {
  await saveTestSuite(shop.project.root, {
    format: 'falcon-tests/1',
    name: 'ops',
    description: 'Health and stats',
    createdAt: '2025-01-31T10:00:00.000Z',
    cases: [smokeCase('health', '/health', ['ops', 'quick']), smokeCase('stats', '/stats', ['ops']), createItem],
  });
}

it('lists the suites with their case counts, and says when there are none or one is unreadable', async () => {
  expect(await call({ action: 'list' })).toBe('No test suites in .falcon/tests/ yet: generate_functional_tests with save creates one.');
  await saveOps();
  await shop.project.write('.falcon/tests/broken.yml', 'format: falcon-tests/1\ncases: {}\n');
  expect(await call({ action: 'list' })).toBe(
    [
      '2 test suites in .falcon/tests/:',
      '- broken: unreadable — .falcon/tests/broken.yml: cases must be a list, not a mapping',
      '- ops: 3 cases (smoke 2, happy 1), created 2025-01-31 — Health and stats',
    ].join('\n'),
  );
});

it('shows a suite compactly, all of it or the cases with the tags', async () => {
  await saveOps();
  expect(await call({ action: 'show', name: 'ops' })).toBe(
    [
      'Suite "ops": 3 cases (smoke 2, happy 1), created 2025-01-31T10:00:00.000Z.',
      'Health and stats',
      '- health (smoke): GET /health — GET /health [ops, quick]',
      '- stats (smoke): GET /stats — GET /stats [ops]',
      '- createItem/happy/example (happy): POST /items — POST /items with the example body expects 201 [items]',
    ].join('\n'),
  );
  expect(await call({ action: 'show', name: 'ops', tags: ['quick'] })).toContain('1 case with the tags asked for:\n- health (smoke)');
});

it('runs a suite, or the cases of it with the tags, and writes a test report named after it', async () => {
  await saveOps();
  const observation = await call({ action: 'run', name: 'ops', tags: ['ops'] });
  expect(observation).toMatch(/^Tags ops: 2 of 3 cases of suite "ops"\.\nSuite ops against http:\/\/127\.0\.0\.1:\d+: 2 cases in .+ — 1 passed, 1 failed;/);
  expect(observation).toContain('✗ GET /stats [stats] → 500');
  expect(reportPaths(observation)[0]).toMatch(/^\.falcon\/reports\/test_report_ops_\d{8}-\d{6}\.md$/);
  expect(api.received.map((request) => request.url).sort()).toEqual(['/health', '/stats']);

  const everything = await call({ action: 'run', name: 'ops', base_url: api.url });
  expect(everything).toMatch(/: 3 cases in .+ — 2 passed, 1 failed;/);
});

it("deletes a suite without asking (Falcon's own file), and names the suites there are when one is unknown", async () => {
  expect(await testSuiteTool.preview!({ action: 'delete', name: 'ops' }, shop.ctx)).toBeUndefined();
  await saveOps();
  await shop.project.write('.falcon/tests/broken.yaml', 'not: a suite\n');
  expect(await call({ action: 'delete', name: 'broken' })).toBe('Deleted test suite "broken" (.falcon/tests/broken.yaml).');
  await expect(call({ action: 'delete', name: 'broken' })).rejects.toThrow('no test suite "broken" in .falcon/tests/; suites: ops');
  await expect(call({ action: 'show', name: 'nope' })).rejects.toThrow('no test suite "nope" in .falcon/tests/; suites: ops');
  await expect(call({ action: 'run', name: 'nope' })).rejects.toThrow('no test suite "nope" in .falcon/tests/; suites: ops');
  await expect(call({ action: 'delete', name: '../ops' })).rejects.toThrow(/"\.\.\/ops" cannot be a suite name/);
  expect(await readdir(path.join(shop.project.root, '.falcon', 'tests'))).toEqual(['ops.yaml']);
});

it('refuses arguments an action does not use, and actions without their name', async () => {
  await expect(call({ action: 'list', name: 'ops' })).rejects.toThrow('test_suite: list does not use name (it takes nothing else)');
  await expect(call({ action: 'show' })).rejects.toThrow('test_suite: show needs name');
  await expect(call({ action: 'delete', name: 'ops', base_url: api.url })).rejects.toThrow('test_suite: delete does not use base_url (it takes name)');
  expect(api.received).toEqual([]);
});
