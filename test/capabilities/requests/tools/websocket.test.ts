import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { websocketTool } from '../../../../src/capabilities/requests/tools/websocket.js';
import { ingestAsyncApi } from '../../../../src/engines/websocket/asyncapi/ingest-asyncapi.js';
import { ToolError } from '../../../../src/kit/tool/tool.js';
import { type PricesServer, PRICES_SUBPROTOCOL, PRICES_TOKEN, startPricesServer } from '../../../apis/prices-websocket/prices-server.js';
import { type TempProject, createTempProject, toolContext } from '../../../tools/temp-project.js';

let server: PricesServer;
let project: TempProject;
beforeAll(async () => {
  server = await startPricesServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  project = await createTempProject();
});
afterEach(async () => {
  await project.remove();
});

type Args = Parameters<typeof websocketTool.run>[0];
const parse = (args: unknown): Args => websocketTool.schema.parse(args);

describe('websocket', () => {
  it('connects with a header from a variable and a subprotocol, sends, and shows the matching messages, the token masked', async () => {
    const ctx = toolContext(project.root);
    ctx.variables.session.set('price_token', PRICES_TOKEN);
    const result = await websocketTool.run(
      parse({
        url: `${server.url}/prices`,
        headers: { Authorization: 'Bearer {{price_token}}' },
        subprotocols: [PRICES_SUBPROTOCOL],
        send: { subscribe: 'EURUSD', token: PRICES_TOKEN },
        expect: { json_path: { '$.symbol': 'EURUSD' }, count: 3 },
      }),
      ctx,
    );
    const lines = result.text.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^WebSocket ${server.url}/prices · passed · 3 of 3 expected messages matched · 1 sent · 3 received · \\d+ ms$`));
    expect(lines[1]).toBe('subprotocol: prices.v1 · ended: 3 matched, connection closed by Falcon');
    expect(lines).toContainEqual(expect.stringMatching(/^received 3 \(\+\d+ ms\) ✓: \{"type":"price","symbol":"EURUSD","price":1\.0844,"seq":3\}$/));
    expect(result.details).toEqual({ kind: 'websocket_exchange', sent: 1, received: 3, matched: 3, failed: 0, durationMs: expect.any(Number) });
    // The header's value is registered: the message echoing it is masked wherever the result is masked.
    expect(ctx.variables.secrets.maskValues(result.text)).not.toContain(PRICES_TOKEN);
  });

  it('fails the exchange naming the schema path of a message the ingested AsyncAPI channel does not allow', async () => {
    await project.write('asyncapi.yaml', await readFile(path.resolve('test/fixtures/asyncapi/prices-asyncapi-2.yaml'), 'utf8'));
    await ingestAsyncApi('asyncapi.yaml', project.root, new AbortController().signal);
    const result = await websocketTool.run(
      parse({
        url: `${server.url}/prices`,
        headers: { Authorization: `Bearer ${PRICES_TOKEN}` },
        subprotocols: [PRICES_SUBPROTOCOL],
        send: [{ subscribe: 'GBPUSD' }],
        expect: { count: 3 },
      }),
      toolContext(project.root),
    );
    expect(result.text).toContain(' · FAILED · 3 of 3 expected messages matched');
    expect(result.text).toContain('schema: every message received checked against the "price" message of channel /prices (asyncapi.yaml)');
    expect(result.text.split('\n').slice(-2)).toEqual([
      'Failed checks:',
      '- message 2 schema $.price: expected matches the "price" message of channel /prices (asyncapi.yaml), got must be number, got "1.0843"',
    ]);
    expect(result.details).toMatchObject({ failed: 1 });
  });

  it('tells the model what the server answered when the handshake is refused', async () => {
    const refused = websocketTool.run(parse({ url: `${server.url}/prices`, subprotocols: [PRICES_SUBPROTOCOL] }), toolContext(project.root));
    await expect(refused).rejects.toThrow(new ToolError(`${server.url}/prices: the server answered HTTP 401 Unauthorized instead of switching to WebSocket`));
  });

  it('names an unknown variable instead of connecting', async () => {
    await expect(websocketTool.run(parse({ url: '{{WS_URL}}/prices' }), toolContext(project.root))).rejects.toThrow(/WS_URL/);
  });

  it('declares its URL as the target of permission rules and asks before connecting to an origin that is not the API under test', async () => {
    expect(websocketTool.target({ url: 'ws://example.com/x' })).toEqual({ kind: 'url', value: 'ws://example.com/x' });
    const preview = await websocketTool.preview!(parse({ url: 'wss://example.com/feed', headers: { Authorization: 'Bearer abc' } }), toolContext(project.root));
    expect(preview).toMatchObject({ title: 'send WebSocket messages to https://example.com', always: { kind: 'origins', origins: ['https://example.com'] } });
    expect(preview).toMatchObject({ details: expect.stringContaining('It carries: the value of Authorization.') });
  });
});
