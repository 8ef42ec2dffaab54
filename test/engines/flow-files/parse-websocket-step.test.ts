import { describe, expect, it } from 'vitest';
import { FlowValidationError } from '../../../src/engines/flow-files/flow-problems.js';
import { parseFlow } from '../../../src/engines/flow-files/parse-flow.js';

const LIVE_PRICES = `steps:
  - name: live prices
    websocket: {url: "{{WS_URL}}/prices", headers: {Authorization: "Bearer {{token}}"}}
    send: {subscribe: "EURUSD"}
    expect: {json_path: {"$.symbol": "EURUSD"}, within: 2s, count: 3}
`;

async function problems(text: string): Promise<string> {
  try {
    await parseFlow(text, 'prices.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(FlowValidationError);
    return (error as Error).message;
  }
  throw new Error('the flow was accepted');
}

describe('a websocket step in a flow file', () => {
  it("accepts the issue's example", async () => {
    const flow = await parseFlow(LIVE_PRICES, 'prices.yaml');
    expect(flow.steps[0]).toEqual({
      name: 'live prices',
      websocket: { url: '{{WS_URL}}/prices', headers: { Authorization: 'Bearer {{token}}' } },
      send: { subscribe: 'EURUSD' },
      expect: { json_path: { '$.symbol': 'EURUSD' }, within: '2s', count: 3 },
    });
  });

  it('names the line of each problem: a misspelt key, a bad duration, a count that is not a number, a missing url', async () => {
    const misspelt = await problems(`steps:
  - websocket: {url: "ws://x/prices"}
    sned: {subscribe: EURUSD}
  - websocket: {headers: {}}
`);
    expect(misspelt.split('\n')).toEqual(['prices.yaml:3: unknown key "sned" (did you mean "send"?)', 'prices.yaml:4: "steps.1.websocket" needs "url"']);
    const expectation = await problems(`steps:
  - websocket: {url: "ws://x/prices"}
    expect: {within: soon, count: many}
`);
    expect(expectation.split('\n')).toEqual([
      'prices.yaml:3: "steps.0.expect.count" must be integer',
      'prices.yaml:3: "steps.0.expect.within" is not a duration: write 500ms, 2s or 1m',
    ]);
  });
});
