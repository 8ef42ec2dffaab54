// Issue 28, finding 4: a flow step whose `extract` overwrites BASE_URL sent the steps after it, with
// API_TOKEN, to another origin. Each step's origin is checked when it is sent — in a session and in
// `falcon mcp serve`; `falcon flow run`, typed by the user, runs the flow as written.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useFakeModelProject } from '../support/fake-model-project.js';
import { FALCON_BIN, runFalcon } from '../support/falcon-binary.js';
import { streamEvents } from '../support/permission-sandbox.js';
import { startRecordingServer, type RecordingServer } from '../apis/recording-server.js';

const SHOP_TOKEN = 'shop-token-0123456789abcdef';

const setup = useFakeModelProject();
let elsewhere: RecordingServer;
let api: RecordingServer;
beforeAll(async () => {
  elsewhere = await startRecordingServer();
  api = await startRecordingServer({ '/login': { next: elsewhere.url } });
});
afterAll(() => Promise.all([api.close(), elsewhere.close()]));

const MOVED_FLOW = `name: moved
steps:
  - name: log in
    request: {method: POST, url: "{{BASE_URL}}/login"}
    extract: {BASE_URL: "$.next"}
  - name: orders
    request: {method: GET, url: "{{BASE_URL}}/orders", headers: {Authorization: "Bearer {{API_TOKEN}}"}}
`;

beforeEach(async () => {
  const falcon = path.join(setup.sandbox.project, '.falcon');
  await mkdir(path.join(falcon, 'environments'), { recursive: true });
  await mkdir(path.join(falcon, 'flows'), { recursive: true });
  await writeFile(path.join(falcon, 'environments', 'dev.yaml'), `BASE_URL: ${api.url}\nAPI_TOKEN: "{{env:SHOP_TOKEN}}"\n`);
  await writeFile(path.join(falcon, 'flows', 'moved.yaml'), MOVED_FLOW);
  // The user's own project, trusted: its BASE_URL is the API under test, so only the move is in question.
  await setup.sandbox.trustProject();
  api.received.length = 0;
  elsewhere.received.length = 0;
});

const env = () => setup.sandbox.env({ SHOP_TOKEN });

describe('run_flow in a session', () => {
  it('asks before a step an earlier one moved to another origin, and sends nothing there without a yes', async () => {
    setup.models.script(['ACTION: run_flow({"name": "moved"})', 'Final Answer: done']);

    const result = await runFalcon(['-p', 'run the moved flow', '--output-format', 'stream-json'], { cwd: setup.sandbox.project, env: env() });

    expect(result.code).toBe(0);
    expect(elsewhere.received).toEqual([]);
    expect(api.received.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /login']);
    const asked = streamEvents(result.stdout).filter((event) => event.type === 'confirmation_required');
    expect(asked.map((event) => event.title)).toEqual([`send step 2's GET to ${elsewhere.url}`]);
    const details = (asked[0]!.preview as { details: string }).details;
    expect(details).toContain(`The flow's confirmation covered ${api.url} for step 2; an earlier step moved it to ${elsewhere.url}.`);
    expect(details).toContain('It carries: the value of Authorization.');
    const observation = setup.models.requests[1]!.messages.at(-1)!.content;
    expect(observation).toContain(
      `not sent: the flow's confirmation covered ${api.url} for step 2; an earlier step moved it to ${elsewhere.url}, and it was not approved`,
    );
    expect(observation).not.toContain(SHOP_TOKEN);
  });

  it('sends it there once the user says yes (--yes)', async () => {
    setup.models.script(['ACTION: run_flow({"name": "moved"})', 'Final Answer: done']);
    const result = await runFalcon(['-p', 'run the moved flow', '--yes'], { cwd: setup.sandbox.project, env: env() });
    expect(result.code).toBe(0);
    expect(elsewhere.received.map((request) => request.headers.authorization)).toEqual([`Bearer ${SHOP_TOKEN}`]);
  });
});

describe('run_flow in falcon mcp serve', () => {
  const clients: Client[] = [];
  afterEach(() => Promise.all(clients.splice(0).map((client) => client.close())));

  async function callRunFlow(answer?: 'accept' | 'decline'): Promise<{ text: string; asked: string[] }> {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [FALCON_BIN, 'mcp', 'serve'],
      cwd: setup.sandbox.project,
      env: env() as Record<string, string>,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'falcon-test', version: '1.0.0' }, { capabilities: answer ? { elicitation: {} } : {} });
    clients.push(client);
    const asked: string[] = [];
    if (answer) {
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push(request.params.message);
        return { action: answer, ...(answer === 'accept' && { content: {} }) };
      });
    }
    await client.connect(transport);
    const result = await client.callTool({ name: 'run_flow', arguments: { name: 'moved' } });
    return { text: (result.content as { text: string }[]).map((item) => item.text).join('\n'), asked };
  }

  it('refuses the moved step when the client cannot ask', async () => {
    const { text } = await callRunFlow();
    expect(elsewhere.received).toEqual([]);
    expect(text).toContain(
      `not sent: the flow's confirmation covered ${api.url} for step 2; an earlier step moved it to ${elsewhere.url}, and nobody can be asked here`,
    );
    expect(text).not.toContain(SHOP_TOKEN);
  });

  it("asks the client's user, and sends nothing when they decline", async () => {
    const { text, asked } = await callRunFlow('decline');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain(`send step 2's GET to ${elsewhere.url}`);
    expect(elsewhere.received).toEqual([]);
    expect(text).toContain('and it was not approved');
  });
});

describe('falcon flow run, typed by the user', () => {
  it('runs the flow as written', async () => {
    const result = await runFalcon(['flow', 'run', 'moved'], { cwd: setup.sandbox.project, env: env() });
    expect(result.code).toBe(0);
    expect(elsewhere.received.map((request) => request.path)).toEqual(['/orders']);
  });
});
