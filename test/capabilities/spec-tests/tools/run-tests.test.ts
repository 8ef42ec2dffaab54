import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runTestsTool } from '../../../../src/capabilities/spec-tests/tools/run-tests.js';
import { type ShopProject, reportPaths, shopProject } from '../../../tools/testing-tools-project.js';
import { type ToolsShopApi, startToolsShopApi } from '../../../apis/tools-shop-api.js';

let api: ToolsShopApi;
let shop: ShopProject;

beforeAll(async () => {
  api = await startToolsShopApi();
});
afterAll(() => api.close());
afterEach(() => shop.project.remove());

// What the model may write: defaults left out, `get` for `GET`.
type Args = z.input<typeof runTestsTool.schema>;
const run = (args: Args) => runTestsTool.run(runTestsTool.schema.parse(args), shop.ctx);
const call = async (args: Args) => (await run(args)).text;
const receivedPaths = () => api.received.map((request) => `${request.method} ${request.url}`);

const handWritten: Args['cases'] = [
  {
    name: 'the kettle is there',
    request: { method: 'get', path: '/items/{itemId}', pathParams: { itemId: 1 }, headers: { 'X-Trace': '{{TRACE}}' } },
    expectStatus: [200],
    tags: ['items'],
  },
  { name: 'item 999 is there too', request: { method: 'GET', path: '/items/999' }, expectStatus: 200, tags: ['items', 'wishful'] },
  { name: 'stats answer', request: { method: 'GET', path: '/stats' }, tags: ['ops'] },
];

describe('run_tests with cases written in the call', () => {
  beforeEach(async () => {
    shop = await shopProject({ baseUrl: api.url });
    await shop.project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\nTRACE: trace-42\n`);
    api.received.length = 0;
  });

  it('runs the cases having any of the tags, resolving {{VAR}}, and writes a test report', async () => {
    const { text: observation, details } = await run({ cases: handWritten, tags: ['ITEMS'] });
    expect(details).toEqual({ kind: 'test_run', passed: 1, failed: 1, skipped: 0, durationMs: expect.any(Number) });

    expect(observation).toMatch(
      /^Tags ITEMS: 2 of 3 cases of the given cases\.\nTools Shop 1\.0\.0 against http:\/\/127\.0\.0\.1:\d+: 2 cases in .+ — 1 passed, 1 failed;/,
    );
    expect(observation).toContain('✗ item 999 is there too [custom/item-999-is-there-too] → 404');
    expect(observation).toMatch(/- expected_status: .*404/);
    expect(receivedPaths().sort()).toEqual(['GET /items/1', 'GET /items/999']);
    expect(api.received.find((request) => request.url === '/items/1')?.headers['x-trace']).toBe('trace-42');

    const [report] = reportPaths(observation);
    expect(report).toMatch(/^\.falcon\/reports\/test_report_cases_\d{8}-\d{6}\.md$/);
    expect(await shop.read(report!)).toContain('item 999 is there too');
    expect(shop.progress.at(-1)).toBe('2/2 cases');
  });

  it('keeps a whole chain when one of its steps has the tag, passing extracted values on', async () => {
    const observation = await call({
      cases: [
        {
          id: 'create',
          request: { method: 'POST', path: '/items', body: { name: 'Mug', price: 4 } },
          expectStatus: [201],
          extract: { newId: '$.id' },
          chain: { id: 'mug', step: 0 },
          tags: ['write'],
        },
        { id: 'read', request: { method: 'GET', path: '/items/{{newId}}' }, expectStatus: [200], chain: { id: 'mug', step: 1 } },
        { id: 'other', request: { method: 'GET', path: '/health' } },
      ],
      tags: ['write'],
    });
    expect(observation).toMatch(/2 of 3 cases .*\n.*2 cases in .+ — 2 passed, 0 failed/);
    expect(receivedPaths()).toEqual(['POST /items', expect.stringMatching(/^GET \/items\/\d+$/)]);
  });

  it('checks responses against the ingested spec', async () => {
    const observation = await call({ cases: [{ request: { method: 'GET', path: '/stats' }, operationId: 'getStats' }] });
    expect(observation).toContain('0 passed, 1 failed');
    expect(observation).toContain('- not_a_server_error: ');
    expect(observation).toContain('- status_code_conformance: ');
  });
});

describe('run_tests with a suite file', () => {
  beforeEach(async () => {
    shop = await shopProject({ baseUrl: api.url });
    api.received.length = 0;
  });

  it('runs a suite by its path inside the project and names the suite in the run and the report', async () => {
    await shop.project.write(
      'qa/smoke.yaml',
      [
        'format: falcon-tests/1',
        'cases:',
        '  - request: {method: get, path: /health}',
        '    expectStatus: [200]',
        '  - request: {method: get, path: /items, query: {limit: 1}}',
      ].join('\n'),
    );
    const observation = await call({ file: 'qa/smoke.yaml', base_url: api.url, concurrency: 1 });
    expect(observation).toMatch(/^Suite smoke against http:\/\/127\.0\.0\.1:\d+: 2 cases in .+ — 2 passed, 0 failed;/);
    expect(reportPaths(observation)[0]).toMatch(/^\.falcon\/reports\/test_report_smoke_\d{8}-\d{6}\.md$/);
    expect(receivedPaths()).toEqual(['GET /health', 'GET /items?limit=1']);
  });

  it('says clearly what is wrong with the arguments, the suite or the file', async () => {
    await expect(call({})).rejects.toThrow(/^give cases \(a list of test cases/);
    await expect(call({ file: 'x', cases: handWritten })).rejects.toThrow('give either cases or file, not both');
    await expect(call({ file: 'nope' })).rejects.toThrow(
      'no test suite "nope" in .falcon/tests/; there are none yet (generate_functional_tests with save creates one)',
    );
    await shop.project.write('.falcon/tests/broken.yaml', 'format: falcon-tests/1\ncases:\n  - request: {path: /health}\n');
    await expect(call({ file: 'nope' })).rejects.toThrow('no test suite "nope" in .falcon/tests/; suites: broken');
    await expect(call({ file: 'broken' })).rejects.toMatchObject({
      name: 'ToolError',
      message: '.falcon/tests/broken.yaml: cases[0].request.method is missing',
    });
    await expect(call({ file: '../outside/secret.txt' })).rejects.toThrow('path escapes the project: ../outside/secret.txt');
    await expect(call({ cases: handWritten, tags: ['nothing'] })).rejects.toThrow(
      'no case of the given cases has the tag nothing; its tags: items, ops, wishful',
    );
    expect(api.received).toEqual([]);
  });

  it('needs a base URL, and runs without a spec when none is ingested', async () => {
    await shop.project.remove();
    shop = await shopProject({ ingest: false });
    await expect(call({ cases: handWritten })).rejects.toThrow(/^no base_url given and unknown variable \{\{BASE_URL\}\}/);
    const observation = await call({ cases: [{ request: { method: 'GET', path: '/stats' }, operationId: 'getStats' }], base_url: api.url });
    expect(observation).toMatch(/^Test run against .*: 1 case in .+ — 0 passed, 1 failed;/);
    expect(observation).toContain('- not_a_server_error: ');
    expect(observation).not.toContain('status_code_conformance');
  });
});
