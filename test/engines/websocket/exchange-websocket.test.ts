import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssertionSpecError } from '../../../src/engines/assertions/assert-response.js';
import { exchangeWebSocket } from '../../../src/engines/websocket/exchange-websocket.js';
import { WebSocketError } from '../../../src/engines/websocket/websocket-error.js';
import { type PricesServer, PRICES_SUBPROTOCOL, PRICES_TOKEN, startPricesServer } from '../../apis/prices-websocket/prices-server.js';

let server: PricesServer;
beforeAll(async () => {
  server = await startPricesServer();
});
afterAll(async () => {
  await server.close();
});

const signal = new AbortController().signal;
const prices = () => ({
  url: `${server.url}/prices`,
  headers: { Authorization: `Bearer ${PRICES_TOKEN}` },
  subprotocols: [PRICES_SUBPROTOCOL],
  signal,
});

describe('exchangeWebSocket', () => {
  it('connects with the headers and subprotocol, sends, and collects the matching messages', async () => {
    const exchange = await exchangeWebSocket({
      ...prices(),
      send: [{ subscribe: 'EURUSD' }],
      expect: { jsonPath: { '$.symbol': 'EURUSD' }, count: 3, withinMs: 5_000 },
    });
    expect(exchange).toMatchObject({ protocol: PRICES_SUBPROTOCOL, sent: ['{"subscribe":"EURUSD"}'], matched: 3, end: 'count', failures: [] });
    expect(exchange.received.map((message) => JSON.parse(message.text) as unknown)).toEqual([
      { type: 'price', symbol: 'EURUSD', price: 1.0842, seq: 1 },
      { type: 'price', symbol: 'EURUSD', price: 1.0843, seq: 2 },
      { type: 'price', symbol: 'EURUSD', price: 1.0844, seq: 3 },
    ]);
  });

  it('stops at the count, leaving later messages unread', async () => {
    const exchange = await exchangeWebSocket({ ...prices(), send: [{ subscribe: 'EURUSD', count: 5 }], expect: { count: 2 } });
    expect(exchange.matched).toBe(2);
    expect(exchange.received.length).toBeGreaterThanOrEqual(2);
    expect(exchange.failures).toEqual([]);
  });

  it('fails naming the assertion of a message that did not match, when the server closes before the count', async () => {
    const exchange = await exchangeWebSocket({
      ...prices(),
      send: [{ subscribe: 'GBPUSD', count: 2 }, 'bye'],
      expect: { jsonPath: { '$.symbol': 'EURUSD' }, count: 3, withinMs: 60_000 },
    });
    expect(exchange).toMatchObject({ matched: 0, end: 'closed', closedByServer: { code: 1000, reason: 'bye' } });
    expect(exchange.failures[0]).toEqual({
      check: 'messages',
      expected: '3 messages with $.symbol "EURUSD" within 60000 ms',
      actual: '0 of 2 received matched before the server closed the connection (1000)',
    });
    expect(exchange.failures[1]).toEqual({ check: 'message 1 $.symbol', expected: '"EURUSD"', actual: '"GBPUSD"' });
  });

  it('checks every message against the schema and names the path of a mismatch', async () => {
    const schema = {
      type: 'object',
      required: ['price'],
      properties: { price: { type: 'number' } },
    };
    const exchange = await exchangeWebSocket({
      ...prices(),
      send: [{ subscribe: 'GBPUSD' }],
      expect: { count: 3 },
      schema: { name: 'the price message', schema },
    });
    expect(exchange.failures).toEqual([{ check: 'message 2 schema $.price', expected: 'matches the price message', actual: 'must be number, got "1.0843"' }]);
  });

  it('says what the server answered when it refuses the handshake', async () => {
    await expect(exchangeWebSocket({ ...prices(), headers: {} })).rejects.toThrow(
      new WebSocketError(`${server.url}/prices: the server answered HTTP 401 Unauthorized instead of switching to WebSocket`),
    );
    await expect(exchangeWebSocket({ ...prices(), subprotocols: [] })).rejects.toThrow(/answered HTTP 400 Bad Request/);
  });

  it('refuses a malformed JSONPath before connecting, and a URL that is not ws(s)', async () => {
    await expect(exchangeWebSocket({ ...prices(), expect: { jsonPath: { 'symbol[': 'x' } } })).rejects.toBeInstanceOf(AssertionSpecError);
    await expect(exchangeWebSocket({ ...prices(), url: 'ftp://127.0.0.1/prices' })).rejects.toThrow('ftp://127.0.0.1/prices: not a ws:// or wss:// URL');
  });

  it('takes an http URL for the same server', async () => {
    const exchange = await exchangeWebSocket({
      url: `${server.url.replace('ws://', 'http://')}/echo`,
      send: ['hello'],
      expect: { contains: ['hello'] },
      signal,
    });
    expect(exchange).toMatchObject({ url: `${server.url}/echo`, protocol: '', matched: 1, failures: [] });
  });
});
