import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadTestSuite } from '../../../../src/engines/testing/suite/test-suite-file.js';
import { generateFunctionalTestsTool } from '../../../../src/capabilities/spec-tests/tools/generate-functional-tests.js';
import { toolResult } from '../../../../src/kit/tool/tool-result.js';
import { runTestsTool } from '../../../../src/capabilities/spec-tests/tools/run-tests.js';
import { testSuiteTool } from '../../../../src/capabilities/spec-tests/tools/test-suite.js';
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

type Args = z.input<typeof generateFunctionalTestsTool.schema>;
const generate = async (args: Args) => toolResult(await generateFunctionalTestsTool.run(generateFunctionalTestsTool.schema.parse(args), shop.ctx)).text;
const failedCaseIds = (observation: string) => [...observation.matchAll(/^✗ .* \[([^\]]+)\]/gm)].map((match) => match[1]);

describe('generating, saving and running again', () => {
  it('generates cases of every kind, saves them, and runs the same cases from the file', async () => {
    const generated = await generate({ save: 'shop' });

    const total = Number(
      /^Generated (\d+) cases for 6 operations of Tools Shop 1\.0\.0 \(strategies: happy, negative, boundary, stateful\)\./.exec(generated)?.[1],
    );
    expect(total).toBeGreaterThan(10);
    const kinds = /^By kind: (.+)\.$/m.exec(generated)?.[1] ?? '';
    for (const kind of ['happy', 'negative', 'boundary', 'stateful']) expect(kinds).toMatch(new RegExp(`\\b${kind} \\d+`));
    expect(generated).toMatch(/^By operation: .*createItem \d+/m);
    const sample = generated.split('Sample:\n')[1]?.split('\n\n')[0]?.split('\n') ?? [];
    expect(sample.length).toBeGreaterThanOrEqual(4);
    expect(sample.length).toBeLessThanOrEqual(12);
    expect(sample.some((line) => /^- createItem\/negative\/\S+: .+ — .+/.test(line))).toBe(true); // operations in turn; a negative case shows its mutation
    expect(generated).toContain(
      'Saved suite "shop" → .falcon/tests/shop.yaml; run it with run_tests {"file": "shop"} or test_suite {"action": "run", "name": "shop"}.',
    );
    expect(generated).toContain('Not run: pass execute: true to send them now');
    expect(api.received).toEqual([]);

    const suite = await loadTestSuite(shop.project.root, 'shop');
    expect(suite.cases).toHaveLength(total);
    expect(suite.spec).toBe('specs/tools-shop.yaml');
    expect(suite.description).toBe('Generated from Tools Shop 1.0.0 (strategies happy, negative, boundary, stateful)');
    expect(await testSuiteTool.run({ action: 'list' }, shop.ctx)).toContain(`- shop: ${total} cases (`);

    const { text: run } = await runTestsTool.run(runTestsTool.schema.parse({ file: 'shop' }), shop.ctx);
    expect(run).toMatch(new RegExp(`^Suite shop against http://127\\.0\\.0\\.1:\\d+: ${total} cases in `));
    // The API conforms except GET /stats: only its cases fail.
    expect(failedCaseIds(run).length).toBeGreaterThan(0);
    for (const id of failedCaseIds(run)) expect(id).toMatch(/^getStats\//);
    expect(reportPaths(run)[0]).toMatch(/^\.falcon\/reports\/test_report_shop_/);

    expect(await generate({ save: 'shop', strategies: ['happy'] })).toContain('Replaced suite "shop" → .falcon/tests/shop.yaml');
    expect((await loadTestSuite(shop.project.root, 'shop')).cases.every((testCase) => testCase.kind === 'happy')).toBe(true);
  });

  it('executes the cases of the chosen operations and strategies at once, with a functional report', async () => {
    const observation = await generate({ endpoints: ['createItem'], strategies: ['negative'], execute: true });
    expect(observation).toMatch(
      /^Generated \d+ cases for 1 operation of Tools Shop 1\.0\.0 \(strategies: negative\)\.\nBy kind: negative \d+\.\nBy operation: createItem \d+\./,
    );
    expect(observation).toMatch(/\n\nTools Shop 1\.0\.0 against http:\/\/127\.0\.0\.1:\d+: \d+ cases in .+ — \d+ passed, 0 failed; operations covered 1\/1\./);
    expect(reportPaths(observation)[0]).toMatch(/^\.falcon\/reports\/functional_report_tools-shop_\d{8}-\d{6}\.md$/);
    expect(api.received.length).toBeGreaterThan(0);
    expect(api.received.every((request) => request.method === 'POST' && request.url === '/items')).toBe(true);
    expect(shop.progress[0]).toBe('generating cases for 1 operation');
    expect(shop.progress.at(-1)).toMatch(/^(\d+)\/\1 cases$/);
  });

  it('keeps at most max_cases, whole chains only', async () => {
    const observation = await generate({ max_cases: 3 });
    const kept = /^Generated (\d+) cases \(kept \1 of (\d+) by max_cases\)/.exec(observation);
    expect(Number(kept?.[1])).toBeLessThanOrEqual(3);
    expect(Number(kept?.[2])).toBeGreaterThan(3);

    // The chains come last: one case fewer than all drops the last chain whole, both of its steps.
    const total = Number(kept?.[2]);
    expect(await generate({ max_cases: total - 1, save: 'most' })).toMatch(
      new RegExp(`^Generated ${total - 2} cases \\(kept ${total - 2} of ${total} by max_cases\\)`),
    );
    const chained = (await loadTestSuite(shop.project.root, 'most')).cases.filter((testCase) => testCase.chain);
    expect(chained.every((testCase) => chained.filter((other) => other.chain?.id === testCase.chain?.id).length > 1)).toBe(true);
    await expect(generate({ strategies: ['stateful'], max_cases: 1 })).rejects.toThrow(
      'max_cases 1 is less than the steps of the first chain: raise it, or leave out the stateful strategy',
    );
  });
});

describe('errors', () => {
  it('says what is missing or wrong before generating or sending anything', async () => {
    await expect(generate({ save: '../x' })).rejects.toThrow(/"\.\.\/x" cannot be a suite name/);
    await expect(generate({ base_url: api.url })).rejects.toThrow('base_url is only used with execute: true; pass execute: true to run the cases');
    await expect(generate({ endpoints: ['nothing'] })).rejects.toThrow(/^"nothing" matches no operation of the spec/);

    await shop.project.remove();
    shop = await shopProject();
    await expect(generate({ execute: true })).rejects.toThrow(/^no base_url given and unknown variable \{\{BASE_URL\}\}/);

    await shop.project.remove();
    shop = await shopProject({ ingest: false, baseUrl: api.url });
    await expect(generate({})).rejects.toThrow('no spec ingested yet (.falcon/spec.yaml is missing): call ingest_spec with the OpenAPI or Postman file first');
    expect(api.received).toEqual([]);
  });
});
