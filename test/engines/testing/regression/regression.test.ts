import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { FalconSpec } from '../../../../src/engines/spec/spec-format.js';
import { captureRegression } from '../../../../src/engines/testing/regression/capture-regression.js';
import { compareRegression } from '../../../../src/engines/testing/regression/compare-regression.js';
import { VariableScope } from '../../../../src/workspace/variable-scope.js';
import { type TempProject, createTempProject } from '../../../tools/temp-project.js';
import { type RepeatApi, repeatApiSpec, startRepeatApi } from '../../../apis/repeat-api.js';

let before: RepeatApi;
let after: RepeatApi;
let project: TempProject;
let spec: FalconSpec;
let variables: VariableScope;
beforeEach(async () => {
  [before, after] = await Promise.all([startRepeatApi(), startRepeatApi()]);
  project = await createTempProject();
  spec = await repeatApiSpec();
  variables = new VariableScope(project.root, {});
});
afterEach(async () => {
  await Promise.all([before.close(), after.close()]);
  await project.remove();
});

const options = (baseUrl: string) => ({ projectRoot: project.root, baseline: 'v1', baseUrl, variables });

it('captures every GET it can fill as one baseline per operation, saying why the others were not', async () => {
  const report = await captureRegression(spec, spec.operations, options(before.url));
  expect(report.captured).toEqual([
    { operationId: 'listItems', file: '.falcon/baselines/v1.listItems.json', status: 200 },
    { operationId: 'getItem', file: '.falcon/baselines/v1.getItem.json', status: 200 },
    { operationId: 'getClock', file: '.falcon/baselines/v1.getClock.json', status: 200 },
    { operationId: 'getCounter', file: '.falcon/baselines/v1.getCounter.json', status: 200 },
  ]);
  expect(report.notCaptured).toEqual([
    { operationId: 'getOrder', reason: expect.stringMatching(/^its required parameters cannot be filled: unknown variable \{\{ORDER_ID\}\}/) },
    {
      operationId: 'getReport',
      reason: 'its required parameters cannot be filled: no value the spec allows could be made for a required parameter or the body',
    },
  ]);
  expect(report.kept).toEqual([]);
  const saved = JSON.parse(await readFile(path.join(project.root, '.falcon/baselines/v1.getItem.json'), 'utf8')) as Record<string, unknown>;
  expect(saved).toMatchObject({ status: 200, body: { id: 1, name: 'pen' }, request: { method: 'GET', url: `${before.url}/items/1` } });
  expect(before.received.every((line) => line.startsWith('GET '))).toBe(true);

  const again = await captureRegression(
    spec,
    spec.operations.filter((operation) => operation.id === 'getClock'),
    options(before.url),
  );
  expect(again).toMatchObject({ captured: [{ operationId: 'getClock' }], kept: ['getCounter', 'getItem', 'listItems'] });
});

it('sends the captured requests to another origin and reports each difference, clocks aside', async () => {
  await captureRegression(spec, spec.operations, options(before.url));
  const same = await compareRegression(spec, spec.operations, options(after.url));
  expect(same.run.results.map((result) => [result.case.operationId, result.outcome])).toEqual([
    ['listItems', 'passed'],
    ['getItem', 'passed'],
    ['getClock', 'passed'],
    ['getCounter', 'passed'],
  ]);
  expect(after.received).toEqual(before.received);
  expect(same).toMatchObject({ gone: [], added: ['getOrder', 'getReport'], volatileFields: { getClock: ['requestId', 'servedAt'] } });
  expect(same.run).toMatchObject({
    title: expect.stringMatching(/^Baseline "v1" \(captured \d{4}-.*Z\)$/),
    baseUrl: after.url,
    operations: { total: 6, covered: 4 },
  });

  after.items.set(1, { id: 1, name: 'pencil', color: 'red' });
  const changed = await compareRegression(spec, spec.operations, options(after.url));
  const findings = Object.fromEntries(
    changed.run.results.map((result) => [result.case.operationId, result.findings.map((finding) => `${finding.kind}: ${finding.message}`)]),
  );
  expect(findings).toEqual({
    listItems: ['regression: $[0].name: "pen" → "pencil"', 'regression: $[0].color: added "red"'],
    getItem: ['regression: $.name: "pen" → "pencil"', 'regression: $.color: added "red"'],
    getClock: [],
    getCounter: ['regression: $.count: 1 → 2'],
  });
  const item = changed.run.results[1]!;
  expect(item.case).toMatchObject({ id: 'getItem/regression', name: 'GET /items/1 against its baseline' });
  expect(item.request?.url).toBe(`${after.url}/items/1`);
  expect(item.response?.body).toContain('pencil');

  const ignoring = await compareRegression(spec, spec.operations, { ...options(after.url), ignoreFields: ['color', '$..name', 'count'] });
  expect(ignoring.run.results.every((result) => result.outcome === 'passed')).toBe(true);
  const strict = await compareRegression(
    spec,
    spec.operations.filter((operation) => operation.id === 'getClock'),
    { ...options(after.url), ignoreVolatile: false },
  );
  expect(strict.run.results[0]!.findings.map((finding) => finding.message)).toEqual([
    expect.stringMatching(/^\$\.servedAt: "2025-01-01T00:00:01\.000Z" → "2025-01-01T00:00:0\d\.000Z"$/),
    expect.stringMatching(/^\$\.requestId: "req-1" → "req-\d"$/),
  ]);
});

it('names captured operations gone from the spec, and refuses a set that does not exist', async () => {
  await captureRegression(spec, spec.operations, options(before.url));
  const withoutClock = { ...spec, operations: spec.operations.filter((operation) => operation.id !== 'getClock') };
  const report = await compareRegression(withoutClock, withoutClock.operations, options(after.url));
  expect(report.gone).toEqual(['getClock']);
  expect(report.run.results.map((result) => result.case.operationId)).toEqual(['listItems', 'getItem', 'getCounter']);
  await expect(compareRegression(spec, spec.operations, { ...options(after.url), baseline: 'v2' })).rejects.toThrow(
    'no regression baseline "v2" in .falcon/baselines (the sets there are: v1); capture it first',
  );
  await expect(compareRegression(spec, spec.operations, { ...options(after.url), ignoreFields: ['$[oops'] })).rejects.toThrow(/\$\[oops/);
});
