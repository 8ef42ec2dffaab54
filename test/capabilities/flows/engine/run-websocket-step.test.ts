import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStepError } from '../../../../src/capabilities/flows/engine/report/step-result-label.js';
import { EARLIER_STEP_FAILED } from '../../../../src/capabilities/flows/engine/run-flow.js';
import { ingestAsyncApi } from '../../../../src/engines/websocket/asyncapi/ingest-asyncapi.js';
import { type PricesServer, PRICES_TOKEN, startPricesServer } from '../../../apis/prices-websocket/prices-server.js';
import { type FlowProject, makeFlowProject } from './flow-project.js';

let server: PricesServer;
let project: FlowProject;
beforeAll(async () => {
  server = await startPricesServer();
  project = await makeFlowProject('http://127.0.0.1:1', { PRICE_TOKEN: PRICES_TOKEN });
});
afterAll(async () => {
  await project.remove();
  await server.close();
});

const flow = (steps: string) => `vars: {WS_URL: "${server.url}", token: "{{env:PRICE_TOKEN}}"}\nsteps:\n${steps}`;
const PRICES = (send: string, expect: string, more = '') => `  - name: live prices
    websocket: {url: "{{WS_URL}}/prices", headers: {Authorization: "Bearer {{token}}"}, subprotocols: [prices.v1]}
    send: ${send}
    expect: ${expect}
${more}`;

describe('a websocket step', () => {
  it('subscribes, receives the matching messages, and hands a value of the last one to the next step', async () => {
    const run = await project.run(
      'prices',
      flow(
        PRICES('{subscribe: EURUSD}', '{json_path: {"$.symbol": "EURUSD"}, within: 2s, count: 3}', '    extract: {last_seq: "$.seq"}\n') +
          `  - name: echo the sequence
    websocket: {url: "{{WS_URL}}/echo"}
    send: "seq {{last_seq}}"
    expect: {contains: "seq 3"}
`,
      ),
    );
    expect(run.passed).toBe(true);
    const [prices, echo] = run.steps;
    expect(prices).toMatchObject({ name: 'live prices', kind: 'websocket', outcome: 'passed', extracted: ['last_seq'], failures: [] });
    expect(prices!.websocket).toMatchObject({
      url: `${server.url}/prices`,
      protocol: 'prices.v1',
      sent: ['{"subscribe":"EURUSD"}'],
      matched: 3,
      count: 3,
      withinMs: 2000,
    });
    expect(prices!.websocket!.received.map((message) => message.matched)).toEqual([true, true, true]);
    expect(echo).toMatchObject({ outcome: 'passed', websocket: { sent: ['seq 3'], received: [{ text: 'seq 3', matched: true }] } });
  });

  it('fails naming the assertion when the messages do not hold it, and skips the steps after', async () => {
    const run = await project.run(
      'wrong-symbol',
      flow(PRICES('[{subscribe: GBPUSD, count: 2}, bye]', '{json_path: {"$.symbol": "EURUSD"}, within: 2s, count: 3}') + '  - wait: 1ms\n'),
    );
    expect(run.passed).toBe(false);
    expect(run.steps[0]).toMatchObject({ outcome: 'failed' });
    expect(run.steps[0]!.failures).toEqual([
      {
        check: 'messages',
        expected: '3 messages with $.symbol "EURUSD" within 2000 ms',
        actual: '0 of 2 received matched before the server closed the connection (1000)',
      },
      { check: 'message 1 $.symbol', expected: '"EURUSD"', actual: '"GBPUSD"' },
    ]);
    expect(isStepError(run.steps[0]!)).toBe(false);
    expect(run.steps[1]).toMatchObject({ outcome: 'skipped', reason: EARLIER_STEP_FAILED });
  });

  it('reports a message that breaks the ingested AsyncAPI schema as a failed check naming its path', async () => {
    await project.write('asyncapi.yaml', await readFile(path.resolve('test/fixtures/asyncapi/prices-asyncapi-3.yaml'), 'utf8'));
    await ingestAsyncApi('asyncapi.yaml', project.root, new AbortController().signal);
    const run = await project.run('schema', flow(PRICES('{subscribe: GBPUSD}', '{count: 3}')));
    expect(run.steps[0]!.failures).toEqual([
      { check: 'message 2 schema $.price', expected: 'matches the "price" message of channel /prices (asyncapi.yaml)', actual: 'must be number, got "1.0843"' },
    ]);
    expect(run.steps[0]!.websocket!.schema).toBe('the "price" message of channel /prices (asyncapi.yaml)');
  });

  it('fails without a connection as an error, the token masked in the result', async () => {
    const run = await project.run(
      'refused',
      flow(`  - websocket: {url: "{{WS_URL}}/prices?token={{token}}", subprotocols: [prices.v1]}
    send: {subscribe: EURUSD}
`),
    );
    expect(run.steps[0]).toMatchObject({ name: `websocket {{WS_URL}}/prices?token={{token}}`, outcome: 'failed' });
    expect(run.steps[0]!.reason).toMatch(
      /^no connection: ws:\/\/127\.0\.0\.1:\d+\/prices\?token=\S+: the server answered HTTP 401 Unauthorized instead of switching to WebSocket$/,
    );
    expect(run.steps[0]!.reason).not.toContain(PRICES_TOKEN);
    expect(isStepError(run.steps[0]!)).toBe(true);
  });
});
