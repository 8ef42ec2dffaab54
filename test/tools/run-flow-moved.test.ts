import { createServer } from 'node:http';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runFlowTool } from '../../src/capabilities/flows/tools/run-flow.js';
import type { Preview } from '../../src/kit/tool/preview.js';
import type { ToolContext } from '../../src/kit/tool/tool.js';
import { closeServer, listenOnLoopback } from '../apis/loopback-server.js';
import { type TempProject, createTempProject, toolContext } from './temp-project.js';

/** A server that records the paths it gets and answers `{next}`: a URL for a flow to extract. */
async function startServer(next: () => string): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ next: next() }));
  });
  return { url: await listenOnLoopback(server), paths, close: () => closeServer(server) };
}

let api: Awaited<ReturnType<typeof startServer>>;
let elsewhere: Awaited<ReturnType<typeof startServer>>;
let project: TempProject;
let asked: Preview[];
let answer: boolean;

beforeAll(async () => {
  elsewhere = await startServer(() => 'nowhere');
  api = await startServer(() => elsewhere.url);
});
afterAll(() => Promise.all([api.close(), elsewhere.close()]));
beforeEach(async () => {
  api.paths.length = 0;
  elsewhere.paths.length = 0;
  asked = [];
  project = await createTempProject();
  await project.write('.falcon/environments/dev.yaml', `BASE_URL: ${api.url}\nAPI_TOKEN: tok-0123456789abcdef\n`);
});
afterEach(() => project.remove());

type Args = z.input<typeof runFlowTool.schema>;
function context(trusted: boolean, canAsk = true): ToolContext {
  const approve = async (_tool: string, preview: Preview) => {
    asked.push(preview);
    return answer;
  };
  return { ...toolContext(project.root, new AbortController().signal, 'dev', trusted), ...(canAsk && { approve }) };
}
const MOVED = {
  name: 'moved',
  steps: [
    { name: 'log in', request: { method: 'POST', url: '{{BASE_URL}}/login' }, extract: { BASE_URL: '$.next' } },
    { name: 'orders', request: { url: '{{BASE_URL}}/orders', headers: { Authorization: 'Bearer {{API_TOKEN}}' } } },
  ],
};
const run = (args: Args, ctx: ToolContext) => runFlowTool.run(runFlowTool.schema.parse(args), ctx);
const preview = (args: Args, ctx: ToolContext) => runFlowTool.preview!(runFlowTool.schema.parse(args), ctx);

describe('run_flow, a step an earlier one moved to another origin', () => {
  it('is asked about when it is sent, and not sent on a no', async () => {
    const ctx = context(true);
    answer = false;
    expect(await preview({ flow: MOVED }, ctx)).toBeUndefined();

    const observation = await run({ flow: MOVED }, ctx);

    expect(api.paths).toEqual(['POST /login']);
    expect(elsewhere.paths).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ kind: 'info', title: `send step 2's GET to ${elsewhere.url}`, always: { kind: 'origins', origins: [elsewhere.url] } });
    expect(observation).toContain(`✗ 2. orders`);
    expect(observation).toContain(
      `not sent: the flow's confirmation covered ${api.url} for step 2; an earlier step moved it to ${elsewhere.url}, and it was not approved`,
    );
  });

  it('is sent on a yes', async () => {
    answer = true;
    expect(await run({ flow: MOVED }, context(true))).toMatch(/^PASSED/);
    expect(elsewhere.paths).toEqual(['GET /orders']);
  });

  it('is refused where nobody can be asked', async () => {
    const observation = await run({ flow: MOVED }, context(true, false));
    expect(elsewhere.paths).toEqual([]);
    expect(observation).toContain('and nobody can be asked here');
  });

  it('goes without a question when it stays where the flow said', async () => {
    const stays = { steps: [MOVED.steps[0]!, { request: { url: `${api.url}/orders` } }] };
    expect(await run({ flow: stays }, context(true))).toMatch(/^PASSED/);
    expect(asked).toEqual([]);
    expect(api.paths).toEqual(['POST /login', 'GET /orders']);
  });
});

describe('run_flow in a folder that is not trusted', () => {
  it('asks before the flow about BASE_URL, naming the repository as its source; that covers each step there', async () => {
    const steps = { steps: [{ request: { url: '{{BASE_URL}}/a' } }, { request: { url: '{{BASE_URL}}/b' } }] };
    const ctx = context(false);
    const flowPreview = await preview({ flow: steps }, ctx);
    expect(flowPreview).toMatchObject({
      kind: 'info',
      title: `run flow "inline flow" with requests to ${api.url}`,
      firstContact: { key: api.url, coveredByYes: true },
    });
    expect(flowPreview && 'details' in flowPreview && flowPreview.details).toContain("which this repository's files set");
    expect(await run({ flow: steps }, ctx)).toMatch(/^PASSED/);
    expect(asked).toEqual([]);
  });
});
