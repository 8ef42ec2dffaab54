import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSmokeTool } from '../../../../src/capabilities/spec-tests/tools/run-smoke.js';
import { type ShopProject, reportPaths, shopProject } from '../../../tools/testing-tools-project.js';
import { type ToolsShopApi, startToolsShopApi } from '../../../apis/tools-shop-api.js';

let api: ToolsShopApi;
let shop: ShopProject;

beforeAll(async () => {
  api = await startToolsShopApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.received.length = 0;
});
afterEach(() => shop.project.remove());

type Args = z.input<typeof runSmokeTool.schema>;
const run = (args: Args) => runSmokeTool.run(runSmokeTool.schema.parse(args), shop.ctx);
const call = async (args: Args) => (await run(args)).text;
const receivedGets = () => [...new Set(api.received.map((request) => `${request.method} ${request.url}`))].sort();

describe('with an ingested spec', () => {
  beforeEach(async () => {
    shop = await shopProject({ baseUrl: api.url });
  });

  it('sends every GET without required parameters and finds the planted 500, writing a smoke report', async () => {
    const { text: observation, details } = await run({});
    expect(details).toMatchObject({ kind: 'test_run', failed: 1, skipped: 0 });

    expect(observation).toMatch(/^3 of 6 operations were not smoked \(not GETs, or they need parameters\): generate_functional_tests covers them\.\n/);
    expect(observation).toMatch(
      /Smoke test of Tools Shop 1\.0\.0 against http:\/\/127\.0\.0\.1:\d+: \d+ cases in .+ — \d+ passed, 1 failed; operations covered 3\/6\./,
    );
    expect(observation).toMatch(/✗ .*\/stats.* → 500/);
    expect(observation).toContain('- not_a_server_error: ');
    expect(observation).toMatch(/reproduce: curl .*\/stats/);
    for (const smoked of ['GET /health', 'GET /items', 'GET /stats']) expect(receivedGets()).toContain(smoked);
    expect(api.received.every((request) => request.method === 'GET')).toBe(true);

    const [report] = reportPaths(observation);
    expect(report).toMatch(/^\.falcon\/reports\/smoke_report_tools-shop_\d{8}-\d{6}\.md$/);
    expect(await shop.read(report!)).toContain('stats table is locked');
    expect(shop.progress.at(-1)).toMatch(/^(\d+)\/\1 cases$/);
  });

  it('smokes only the endpoints asked for, and names the patterns that match nothing', async () => {
    const observation = await call({ endpoints: ['/health'] });
    expect(observation).toMatch(/: \d+ cases? in .+ — \d+ passed, 0 failed; operations covered 1\/1\./);
    expect(receivedGets()).not.toContain('GET /stats');
    await expect(call({ endpoints: ['tag:nothing'] })).rejects.toMatchObject({
      name: 'ToolError',
      message: expect.stringMatching(/^"tag:nothing" matches no operation of the spec/),
    });
  });

  it('needs a base URL', async () => {
    await shop.project.remove();
    shop = await shopProject();
    await expect(call({})).rejects.toThrow(/^no base_url given and unknown variable \{\{BASE_URL\}\}.*; pass base_url or set BASE_URL in the environment$/);
    await expect(call({ base_url: 'localhost:3000' })).rejects.toThrow('base URL "localhost:3000" is not an http(s) URL such as http://localhost:3000');
    expect(api.received).toEqual([]);
  });
});

describe('without a spec', () => {
  beforeEach(async () => {
    shop = await shopProject({ ingest: false });
  });

  it('smokes the "GET /path" endpoints given, plus the health probe, checking only for server errors', async () => {
    const observation = await call({ endpoints: ['GET /stats', 'get /items?limit=2', 'GET /items/1'], base_url: api.url });
    expect(observation).toMatch(/^Smoke test against http:\/\/127\.0\.0\.1:\d+: 4 cases in .+ — 3 passed, 1 failed;/);
    expect(observation).toContain('✗ GET /stats [smoke/get-stats] → 500');
    expect(observation).toContain('Findings: not_a_server_error 1.');
    expect(receivedGets()).toEqual(expect.arrayContaining(['GET /stats', 'GET /items?limit=2', 'GET /items/1']));
    expect(api.received).toHaveLength(4);

    api.received.length = 0;
    await call({ endpoints: ['GET /health'], base_url: api.url });
    expect(receivedGets()).toEqual(['GET /health']); // the health probe is not sent twice
    expect(api.received).toHaveLength(1);
  });

  it('asks for a spec or endpoints, and for concrete "METHOD /path" endpoints', async () => {
    await expect(call({ base_url: api.url })).rejects.toThrow(
      'no spec ingested yet (.falcon/spec.yaml is missing): call ingest_spec with the OpenAPI or Postman file, or give endpoints such as ["GET /health", "GET /users"]',
    );
    await expect(call({ endpoints: ['listItems'], base_url: api.url })).rejects.toThrow(
      'endpoint "listItems" is not "METHOD /path"; without a spec, give requests such as "GET /users"',
    );
    await expect(call({ endpoints: ['GET /items/{itemId}'], base_url: api.url })).rejects.toThrow(
      'endpoint "GET /items/{itemId}" has a {parameter}: without a spec, give a concrete path such as /users/1',
    );
    expect(api.received).toEqual([]);
  });
});
