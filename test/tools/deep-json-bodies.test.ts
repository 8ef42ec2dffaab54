import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/engines/http/json-nesting.js';
import { analyzeFailureTool } from '../../src/capabilities/code/tools/analyze-failure.js';
import { assertResponseTool } from '../../src/capabilities/requests/tools/assert-response.js';
import { compareResponsesTool } from '../../src/capabilities/requests/tools/compare-responses.js';
import { extractValueTool } from '../../src/capabilities/requests/tools/extract-value.js';
import { httpRequestTool } from '../../src/capabilities/requests/tools/http-request.js';
import type { ToolContext } from '../../src/kit/tool/tool.js';
import { validateJsonSchemaTool } from '../../src/capabilities/requests/tools/validate-json-schema.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

// A server answering JSON nested 10,000 levels deep: every tool that reads the body says so in one
// line instead of running out of stack, and bodies within the limit read as before.

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const tooDeep = 'the body is JSON nested 10,001 levels deep; Falcon reads JSON up to 256 levels';

let api: Server;
let url: string;
let project: TempProject;
let ctx: ToolContext;

beforeAll(async () => {
  api = createServer((req, res) => {
    const depth = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('depth') ?? 10_000);
    const status = req.url?.startsWith('/fail') ? 500 : 200;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(req.url?.startsWith('/schema') ? `{"items": ${nested(depth)}}` : `{"tree": ${nested(depth)}}`);
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
});
beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
  await httpRequestTool.run({ method: 'GET', url: `${url}/tree` }, ctx);
});
afterEach(async () => {
  await project.remove();
});

describe('a response body nested 10,000 levels deep', () => {
  it('is shown to the model as it came, with a note', async () => {
    const { text: observation } = await httpRequestTool.run({ method: 'GET', url: `${url}/tree` }, ctx);
    expect(observation).toMatch(/^HTTP 200 OK/);
    expect(observation).toContain('\n\n(JSON nested 10,001 levels deep, shown as it came)\n{"tree": [[[[');
    expect(observation).toContain('… (truncated, 20 KB in total)');
  });

  it('gives extract_value, assert_response and validate_json_schema a clear reason', async () => {
    await expect(extractValueTool.run({ json_path: '$..tree', save_as: 'tree' }, ctx)).rejects.toThrow(`Cannot use a JSONPath: ${tooDeep}. Nothing was saved.`);
    const asserted = await assertResponseTool.run({ json_path: { '$.tree': { exists: true } }, body_equals: { tree: [] } }, ctx);
    expect(asserted.split('\n').slice(1)).toEqual([`- body: expected equals {"tree":[]}, actual ${tooDeep}`, `- $.tree: expected present, actual ${tooDeep}`]);
    expect(await validateJsonSchemaTool.run({ schema: { type: 'object' } }, ctx)).toBe(
      `✗ Cannot validate (response "last": GET ${url}/tree → 200 OK): ${tooDeep}`,
    );
  });

  it('is compared as text and read as text by analyze_failure', async () => {
    expect(await compareResponsesTool.run({ baseline: 'tree', save_baseline: true }, ctx)).toMatch(/^Saved baseline "tree"/);
    expect(await compareResponsesTool.run({ baseline: 'tree' }, ctx)).toMatch(/^Matches baseline "tree"/);
    await httpRequestTool.run({ method: 'GET', url: `${url}/fail` }, ctx);
    expect(await analyzeFailureTool.run({}, ctx)).toMatch(/^HTTP 500/);
  });

  it('is read as JSON up to the limit', async () => {
    await httpRequestTool.run({ method: 'GET', url: `${url}/tree?depth=${MAX_JSON_DEPTH - 1}` }, ctx);
    expect(await extractValueTool.run({ json_path: '$.tree[0][0]', save_as: 'inner' }, ctx)).toMatch(/^Saved inner = \[\[/);
    expect(await assertResponseTool.run({ json_path: { '$..tree': { exists: true } } }, ctx)).toMatch(/^✓/);
  });
});

describe('a JSON Schema nested 10,000 levels deep', () => {
  it('is refused by name before ajv compiles it', async () => {
    const schema = `${'{"items":'.repeat(10_000)}{}${'}'.repeat(10_000)}`;
    await writeFile(path.join(project.root, 'deep.json'), schema);
    await expect(validateJsonSchemaTool.run({ schema: 'deep.json' }, ctx)).rejects.toThrow(
      'Not validated: deep.json is JSON nested 10,001 levels deep; Falcon reads JSON up to 256 levels',
    );
    await expect(validateJsonSchemaTool.run({ schema_url: `${url}/schema` }, ctx)).rejects.toThrow(
      `${url}/schema is JSON nested 10,001 levels deep; Falcon reads JSON up to 256 levels`,
    );
  });
});
