import type { FlowRun, StepResult } from '../../../../../src/capabilities/flows/engine/flow-run.js';

export const SECRET = 'hunter2-s3cr3t-value';

function step(fields: Partial<StepResult> & Pick<StepResult, 'index' | 'name' | 'outcome'>): StepResult {
  return { kind: 'request', durationMs: 12, failures: [], extracted: [], ...fields };
}

/** A login, a wait, a foreach of three rows (the second failing), and a skipped step. */
export function checkoutRun(): FlowRun {
  return {
    name: 'checkout',
    file: '.falcon/flows/checkout.yaml',
    passed: false,
    startedAt: '2024-05-01T10:00:00.000Z',
    durationMs: 340,
    steps: [
      step({
        index: 0,
        name: 'log in',
        outcome: 'passed',
        status: 200,
        request: {
          method: 'POST',
          url: 'http://127.0.0.1:9/login',
          headers: { 'content-type': 'application/json' },
          body: `{"user":"ann","password":"${SECRET}"}`,
        },
        extracted: ['token'],
      }),
      step({ index: 1, name: 'wait', kind: 'wait', outcome: 'passed', durationMs: 100 }),
      step({ index: 2, name: 'product', outcome: 'passed', status: 200, row: { index: 0, values: { sku: 'A-1' } } }),
      step({
        index: 2,
        name: 'product',
        outcome: 'failed',
        status: 404,
        row: { index: 1, values: { sku: 'B-2' } },
        request: { method: 'GET', url: 'http://127.0.0.1:9/products/B-2', headers: { authorization: `Bearer ${SECRET}` } },
        response: { status: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"not found"}' },
        failures: [{ check: 'status_code', expected: '200', actual: '404' }],
      }),
      step({ index: 3, name: 'gift wrap', outcome: 'skipped', reason: 'if: {{gift}} is empty', durationMs: 0 }),
    ],
  };
}

/** Every text field carrying markup, quotes, escape sequences and a control character. */
export function hostileRun(): FlowRun {
  const nasty = '<tag attr="x">&amp; \u001b[31mred\u001b[0m \u0007 ]]> `tick` | pipe *star*';
  return {
    name: `flow ${nasty}`,
    passed: false,
    startedAt: '2024-05-01T10:00:00.000Z',
    durationMs: 5,
    steps: [
      step({
        index: 0,
        name: `step ${nasty}`,
        outcome: 'failed',
        status: 500,
        row: { index: 0, values: { [`col ${nasty}`]: nasty } },
        request: { method: 'GET', url: `http://127.0.0.1:9/x?q=${encodeURIComponent(nasty)}`, headers: {} },
        response: { status: 500, headers: { 'x-note': nasty }, body: nasty },
        failures: [{ check: `$.a ${nasty}`, expected: nasty, actual: nasty }],
      }),
    ],
  };
}

/** The second step got no response at all. */
export function unansweredRun(): FlowRun {
  return {
    name: 'down',
    passed: false,
    startedAt: '2024-05-01T10:00:00.000Z',
    durationMs: 3,
    steps: [
      step({
        index: 0,
        name: 'health',
        outcome: 'failed',
        reason: 'ECONNREFUSED: nothing listens at 127.0.0.1:9',
        request: { method: 'GET', url: 'http://127.0.0.1:9/health', headers: {} },
      }),
    ],
  };
}

/** A WebSocket step whose server sent a message of the wrong symbol and one with markup and escapes in it. */
export function webSocketRun(): FlowRun {
  return {
    name: 'prices',
    passed: false,
    startedAt: '2024-05-01T10:00:00.000Z',
    durationMs: 40,
    steps: [
      step({
        index: 0,
        name: 'live prices',
        kind: 'websocket',
        outcome: 'failed',
        failures: [{ check: 'message 1 $.symbol', expected: '"EURUSD"', actual: '"GBPUSD"' }],
        websocket: {
          url: 'ws://127.0.0.1:9/prices',
          protocol: 'prices.v1',
          sent: ['{"subscribe":"EURUSD"}'],
          received: [
            { text: '{"symbol":"GBPUSD"}', atMs: 3, matched: false },
            { text: '<tag>\u001b[31m\u0007', atMs: 4, matched: false },
          ],
          matched: 0,
          count: 3,
          withinMs: 2000,
          schema: 'the "price" message of channel /prices (asyncapi.yaml)',
        },
      }),
    ],
  };
}
