import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDefaultTools } from '../../../../src/agent/default-tools.js';
import { mockTool } from '../../../../src/capabilities/mock/tools/mock-tool.js';
import { ingestSpec } from '../../../../src/engines/spec/ingest-spec.js';
import { ToolError, type ToolContext } from '../../../../src/kit/tool/tool.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

const EXAMPLE_SPEC = fileURLToPath(new URL('../../../../examples/petstore.yaml', import.meta.url));

let project: TempProject;
let ctx: ToolContext;

beforeEach(async () => {
  project = await createTempProject();
  ctx = toolContext(project.root);
});
afterEach(async () => {
  await run({ action: 'stop' });
  await project.remove();
});

type Args = z.input<typeof mockTool.schema>;
const run = async (args: Args) => String(await mockTool.run(mockTool.schema.parse(args), ctx));

describe('the mock tool', () => {
  it('is a deferred network tool', async () => {
    expect(mockTool).toMatchObject({ name: 'mock', kind: 'network' });
    expect((await loadDefaultTools()).find((tool) => tool.name === 'mock')?.deferred).toBe(true);
  });

  it("starts a mock of the project's spec, says its URL, answers from it, and stops it", async () => {
    await project.write('petstore.yaml', await readFile(EXAMPLE_SPEC, 'utf8'));
    await ingestSpec('petstore.yaml', { projectRoot: project.root, signal: new AbortController().signal });
    const started = await run({ action: 'start', stateful: true });
    const url = /runs at (http:\/\/127\.0\.0\.1:\d+)/.exec(started)?.[1];
    expect(started).toContain("A mock of the spec's 5 operations runs at");
    expect(started).toContain('(stateful: it keeps what is created)');
    const created = await fetch(`${url}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Tom"}' });
    expect(await created.json()).toEqual({ id: 1, name: 'Tom' });
    expect(await run({ action: 'status' })).toContain(`runs at ${url}`);
    expect(await run({ action: 'start' })).toContain(`A mock is already running at ${url}`);
    expect(await run({ action: 'stop' })).toBe(`Stopped the mock at ${url}.`);
    await expect(fetch(`${url}/pets`)).rejects.toThrow();
    expect(await run({ action: 'status' })).toBe('No mock is running: start one with mock start.');
  });

  it('says to ingest a spec first when the project has none', async () => {
    await expect(run({ action: 'start' })).rejects.toThrow(ToolError);
  });
});
