import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { checkRegressionTool } from '../../../../src/capabilities/spec-tests/tools/check-regression.js';
import { toolResult } from '../../../../src/kit/tool/tool-result.js';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { type RepeatApi, projectWithRepeatApiSpec, startRepeatApi } from '../../../apis/repeat-api.js';
import type { TempProject } from '../../../tools/temp-project.js';
import { toolContext } from '../../../tools/temp-project.js';

let api: RepeatApi;
let project: TempProject;
let ctx: ToolContext;
beforeEach(async () => {
  api = await startRepeatApi();
  project = await projectWithRepeatApiSpec();
  ctx = toolContext(project.root);
  ctx.variables.session.set('BASE_URL', api.url);
  ctx.variables.session.set('ORDER_ID', 'o-1');
});
afterEach(async () => {
  await api.close();
  await project.remove();
});

const baselineFiles = async () => (await readdir(path.join(project.root, '.falcon/baselines')).catch(() => [] as string[])).sort();

it('captures the first time, compares after, and reports what changed with a report', async () => {
  const captured = toolResult(await checkRegressionTool.run({ baseline: 'release-1' }, ctx)).text;
  expect(captured.split('\n')).toEqual([
    `Captured baseline "release-1" from ${api.url}: 5 GET operations → .falcon/baselines/release-1.<operationId>.json`,
    '- listItems: 200',
    '- getItem: 200',
    '- getClock: 200',
    '- getCounter: 200',
    '- getOrder: 200',
    'Not captured (1):',
    '- getReport: its required parameters cannot be filled: no value the spec allows could be made for a required parameter or the body',
    'Compare later with check_regression {"baseline": "release-1"}.',
  ]);
  expect(await baselineFiles()).toEqual([
    'release-1.getClock.json',
    'release-1.getCounter.json',
    'release-1.getItem.json',
    'release-1.getOrder.json',
    'release-1.listItems.json',
  ]);
  expect(await readdir(path.join(project.root, '.falcon'))).not.toContain('reports');

  api.items.set(1, { id: 1, name: 'pencil' });
  const compared = toolResult(await checkRegressionTool.run({ baseline: 'release-1' }, ctx)).text;
  const lines = compared.split('\n');
  expect(lines[0]).toMatch(
    new RegExp(`^Baseline "release-1" \\(captured .*\\) against ${api.url}: 5 cases in .* — 2 passed, 3 failed; operations covered 5/6\\.$`),
  );
  expect(lines[1]).toBe('Findings: regression 3.');
  expect(compared).toContain('✗ GET /items/1 against its baseline [getItem/regression] → 200');
  expect(compared).toContain('  - regression: $.name: "pen" → "pencil"');
  expect(compared).toContain('  - regression: $.count: 1 → 2');
  expect(compared).toContain('No baseline in the set for (not compared; capture again to include them): getReport.');
  expect(compared).toContain('Ignored as volatile (clocks, request ids, nonces) — getClock: requestId, servedAt.');
  const report = /Report: (\.falcon\/reports\/regression_report_release-1_\S+\.md)/.exec(compared)?.[1];
  expect(await readFile(path.join(project.root, report!), 'utf8')).toContain('pencil');

  const filtered = toolResult(
    await checkRegressionTool.run({ baseline: 'release-1', endpoints: ['getItem', 'getCounter'], ignore_fields: ['name', 'count'] }, ctx),
  ).text;
  expect(filtered).toMatch(/: 2 cases in .* — 2 passed, 0 failed; operations covered 2\/2\./);
});

it('captures again when asked, keeping what it did not replace', async () => {
  await checkRegressionTool.run({ baseline: 'v1', action: 'capture', endpoints: ['listItems', 'getItem'] }, ctx);
  const again = toolResult(await checkRegressionTool.run({ baseline: 'v1', action: 'capture', endpoints: ['/items'] }, ctx)).text;
  expect(again).toContain(`Captured baseline "v1" from ${api.url}: 1 GET operation → .falcon/baselines/v1.<operationId>.json`);
  expect(again).toContain('Kept from an earlier capture: getItem.');
});

it('says why it cannot run, and writes nothing then', async () => {
  await expect(checkRegressionTool.run({ baseline: 'v1', action: 'compare' }, ctx)).rejects.toMatchObject({
    name: 'ToolError',
    message: 'no regression baseline "v1" in .falcon/baselines (there is none yet); capture it first',
  });
  await expect(checkRegressionTool.run({ baseline: 'v1', action: 'capture', endpoints: ['createItem', 'deleteCart'] }, ctx)).rejects.toMatchObject({
    name: 'ToolError',
    message: 'no GET operation in scope (createItem (POST), deleteCart (DELETE)): only GETs are captured',
  });
  await checkRegressionTool.run({ baseline: 'v1', endpoints: ['getClock'] }, ctx);
  await expect(checkRegressionTool.run({ baseline: 'v1', ignore_fields: ['$[oops'] }, ctx)).rejects.toMatchObject({ name: 'ToolError' });
  expect(await baselineFiles()).toEqual(['v1.getClock.json']);
});
