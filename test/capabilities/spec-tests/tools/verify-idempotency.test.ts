import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ToolContext } from '../../../../src/kit/tool/tool.js';
import { verifyIdempotencyTool } from '../../../../src/capabilities/spec-tests/tools/verify-idempotency.js';
import { type RepeatApi, projectWithRepeatApiSpec, startRepeatApi } from '../../../apis/repeat-api.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let api: RepeatApi;
let project: TempProject;
let ctx: ToolContext;
beforeEach(async () => {
  api = await startRepeatApi();
  project = await projectWithRepeatApiSpec();
  ctx = toolContext(project.root);
});
afterEach(async () => {
  await api.close();
  await project.remove();
});

it('reports the operations whose repeated answers change, with evidence, the skipped ones and the report', async () => {
  ctx.variables.session.set('BASE_URL', api.url);
  const { text: observation, details } = await verifyIdempotencyTool.run({}, ctx);
  const lines = observation.split('\n');
  expect(lines[0]).toMatch(
    new RegExp(
      `^Idempotency of Repeat API 1\\.0\\.0 \\(each request sent 3 times\\) against ${api.url}: 9 cases in .* — 5 passed, 2 failed, 2 skipped; operations covered 7/9\\.$`,
    ),
  );
  expect(lines[1]).toBe('Findings: idempotency 4.');
  expect(details).toEqual({ kind: 'test_run', passed: 5, failed: 2, skipped: 2, durationMs: expect.any(Number) });
  expect(observation).toContain('✗ GET /counter sent 3 times [getCounter/idempotency] → 200');
  expect(observation).toContain('  - idempotency: call 2 of 3 differs from call 1: $.count: 1 → 2');
  expect(observation).toContain('  - idempotency: call 2 of 3 answered 500: a repeated DELETE must not fail on the server');
  expect(observation).toMatch(/Skipped: GET \/orders\/\{orderId\} sent 3 times \(its required parameters cannot be filled: unknown variable \{\{ORDER_ID\}\}/);
  expect(observation).toContain('Ignored as volatile (clocks, request ids, nonces) — getClock: requestId, servedAt; putItem: updatedAt.');
  const report = /Report: (\.falcon\/reports\/idempotency_report_\S+\.md)/.exec(observation)?.[1];
  expect(await readFile(path.join(project.root, report!), 'utf8')).toContain('getCounter');
});

it('checks only the operations asked for, as many times as asked, at the given base URL', async () => {
  const { text: observation } = await verifyIdempotencyTool.run({ endpoints: ['tag:volatile'], repeat: 2, base_url: api.url }, ctx);
  expect(observation).toMatch(/sent 2 times\) against .*: 2 cases .* — 1 passed, 1 failed; operations covered 2\/2\./);
  expect(api.received).toEqual(['GET /clock', 'GET /clock', 'GET /counter', 'GET /counter']);
});

it('says why it cannot run: nothing idempotent in scope, an unknown pattern, no base URL, no spec', async () => {
  await expect(verifyIdempotencyTool.run({ endpoints: ['createItem'], base_url: api.url }, ctx)).rejects.toMatchObject({
    name: 'ToolError',
    message: 'no operation in scope uses an idempotent method (GET, HEAD, OPTIONS, PUT, DELETE): createItem (POST); POST and PATCH are never repeated',
  });
  await expect(verifyIdempotencyTool.run({ endpoints: ['nope'], base_url: api.url }, ctx)).rejects.toMatchObject({
    name: 'ToolError',
    message: expect.stringMatching(/^"nope" matches no operation/),
  });
  await expect(verifyIdempotencyTool.run({}, ctx)).rejects.toMatchObject({ name: 'ToolError', message: expect.stringMatching(/^no base_url given/) });
  const empty = await createTempProject();
  await expect(verifyIdempotencyTool.run({ base_url: api.url }, toolContext(empty.root))).rejects.toMatchObject({
    name: 'ToolError',
    message: expect.stringMatching(/^no spec ingested yet/),
  });
  await empty.remove();
  expect(api.received).toEqual([]);
});
