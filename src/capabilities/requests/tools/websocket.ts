import { z } from 'zod';
import { OTHER_ORIGINS_ASK, otherOriginPreview } from '../../../kit/tool-support/request-origin.js';
import { ToolError, defineTool } from '../../../kit/tool/tool.js';
import { urlTarget } from '../../../kit/tool/tool-target.js';
import { factArgument } from '../../../kit/tool/call-facts.js';
import { registerHeaderSecrets } from '../../../safety/header-secrets.js';
import { maskText } from '../../../safety/mask-text.js';
import { UnknownVariableError, WithheldVariableError } from '../../../workspace/variable-scope.js';
import { describeWebSocketExchange, webSocketDetails } from './describe-websocket-exchange.js';

const message = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())]);

const schema = z.strictObject({
  url: z.string().min(1).describe('ws:// or wss:// URL; {{VAR}} placeholders are resolved'),
  headers: z.record(z.string(), z.string()).optional().describe('handshake headers, e.g. {"Authorization": "Bearer {{TOKEN}}"}'),
  subprotocols: z.array(z.string().min(1)).max(10).optional().describe('offered in Sec-WebSocket-Protocol; the server picks one'),
  send: z
    .preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(message).max(100))
    .optional()
    .describe('messages sent in order once connected: an object as JSON, a string as is'),
  expect: z
    .strictObject({
      json_path: z.record(z.string(), z.unknown()).optional().describe('JSONPath → expected value or operator object, as assert_response'),
      contains: z
        .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.string()))
        .optional()
        .describe('text a message contains'),
      count: z.number().int().min(1).max(1000).optional().describe('how many matching messages to wait for (default 1)'),
      within_ms: z.number().int().min(1).max(120_000).optional().describe('how long to wait for them after sending (default 5000)'),
    })
    .optional()
    .describe('what the messages received must hold; without it, the first message passes'),
  connect_timeout_ms: z.number().int().min(1).max(120_000).optional().describe('give up on the handshake after this many ms (default 10000)'),
});

type Args = z.infer<typeof schema>;

export const websocketTool = defineTool({
  name: 'websocket',
  description:
    'Test a WebSocket: connect (headers, subprotocols), send messages, wait for messages matching JSONPath checks within a time, close; messages are checked against the ingested AsyncAPI schema.',
  schema,
  kind: 'network',
  target: urlTarget('url'),
  readOnly: (args) => (args.send && args.send.length > 0 ? 'sends WebSocket messages' : undefined),
  approvalWhen: OTHER_ORIGINS_ASK,
  describe: (args) => `websocket ${typeof args.url === 'string' ? args.url : '?'}${Array.isArray(args.send) ? ` (${args.send.length} to send)` : ''}`,
  facts: ({ args, text }) => ({ requests: [`WebSocket ${factArgument(args, 'url') ?? '?'} → ${text.split('\n')[0]?.split(' · ')[1] ?? '?'}`] }),
  async preview(args, ctx) {
    const url = await ctx.variables.resolve(args.url).catch(() => undefined);
    if (url === undefined) return undefined; // run() names the unknown variables
    const carries = { url: args.url, headers: args.headers, send: args.send };
    if (
      await ctx.variables.resolveDeep(carries).then(
        () => false,
        (error: unknown) => error instanceof WithheldVariableError,
      )
    )
      return undefined;
    return otherOriginPreview({ what: 'WebSocket messages', url, carries }, ctx);
  },
  async run(args, ctx) {
    const { exchangeWebSocket } = await import('../../../engines/websocket/exchange-websocket.js');
    const { channelSchemaFor } = await import('../../../engines/websocket/asyncapi/channel-schema.js');
    const resolved = await ctx.variables
      .resolveDeep({ url: args.url, headers: args.headers ?? {}, send: args.send ?? [], expect: args.expect })
      .catch(asToolError);
    registerHeaderSecrets(resolved.headers, ctx.variables.secrets);
    const messageSchema = await channelSchemaFor(ctx.projectRoot, resolved.url);
    ctx.progress(`WebSocket ${resolved.url}`);
    const exchange = await exchangeWebSocket({
      url: resolved.url,
      headers: resolved.headers,
      ...(args.subprotocols && { subprotocols: args.subprotocols }),
      ...(args.connect_timeout_ms !== undefined && { connectTimeoutMs: args.connect_timeout_ms }),
      send: resolved.send,
      ...(resolved.expect && { expect: toExpectation(resolved.expect) }),
      ...(messageSchema && { schema: messageSchema }),
      signal: ctx.signal,
    }).catch(asToolError);
    return { text: describeWebSocketExchange(exchange, messageSchema?.name), details: webSocketDetails(exchange) };
  },
});

function toExpectation(expect: NonNullable<Args['expect']>) {
  return {
    ...(expect.json_path && { jsonPath: expect.json_path }),
    ...(expect.contains && { contains: expect.contains }),
    ...(expect.count !== undefined && { count: expect.count }),
    ...(expect.within_ms !== undefined && { withinMs: expect.within_ms }),
  };
}

function asToolError(error: unknown): never {
  // The engine's own errors by name: its modules are loaded only when a call runs.
  const expected = error instanceof UnknownVariableError || (error instanceof Error && ['WebSocketError', 'AssertionSpecError'].includes(error.name));
  if (expected) throw new ToolError(maskText(error.message));
  throw error;
}
