import type { WebSocketExchange } from '../../../engines/websocket/exchange-websocket.js';
import type { WebSocketExchangeDetails } from '../../../workspace/tool-result-details.js';

const SHOWN_MESSAGES = 20;
const SHOWN_MESSAGE_CHARS = 600;

/**
 * The observation for one exchange: the verdict and counts first, then the messages sent and
 * received (each cut to a few hundred characters, at most twenty), then the checks that failed.
 */
export function describeWebSocketExchange(exchange: WebSocketExchange, schemaName?: string): string {
  const verdict = exchange.failures.length === 0 ? 'passed' : 'FAILED';
  const lines = [
    `WebSocket ${exchange.url} · ${verdict} · ${exchange.matched} of ${exchange.count} expected messages matched · ${exchange.sent.length} sent · ${exchange.received.length} received · ${exchange.durationMs} ms`,
    `subprotocol: ${exchange.protocol || 'none'} · ended: ${endText(exchange)}`,
    ...(schemaName ? [`schema: every message received checked against ${schemaName}`] : []),
    '',
    ...exchange.sent.slice(0, SHOWN_MESSAGES).map((text, index) => `sent ${index + 1}: ${cut(text)}`),
    ...exchange.received
      .slice(0, SHOWN_MESSAGES)
      .map((message, index) => `received ${index + 1} (+${message.atMs} ms)${message.matched ? ' ✓' : ''}: ${cut(message.text)}`),
    ...(exchange.received.length > SHOWN_MESSAGES ? [`(${exchange.received.length - SHOWN_MESSAGES} more received)`] : []),
    ...(exchange.dropped > 0 ? [`(${exchange.dropped} more messages were not kept)`] : []),
  ];
  if (exchange.failures.length > 0) {
    lines.push('', 'Failed checks:', ...exchange.failures.map((failure) => `- ${failure.check}: expected ${failure.expected}, got ${failure.actual}`));
  }
  return lines.join('\n');
}

export function webSocketDetails(exchange: WebSocketExchange): WebSocketExchangeDetails {
  return {
    kind: 'websocket_exchange',
    sent: exchange.sent.length,
    received: exchange.received.length,
    matched: exchange.matched,
    failed: exchange.failures.length,
    durationMs: exchange.durationMs,
  };
}

function endText(exchange: WebSocketExchange): string {
  if (exchange.end === 'count') return `${exchange.count} matched, connection closed by Falcon`;
  if (exchange.end === 'within') return `${exchange.withinMs} ms passed`;
  const closed = exchange.closedByServer;
  return `the server closed the connection${closed ? ` (${closed.code}${closed.reason ? ` ${closed.reason}` : ''})` : ''}`;
}

function cut(text: string): string {
  const line = text.replace(/\s*\n\s*/g, ' ');
  return line.length > SHOWN_MESSAGE_CHARS ? `${line.slice(0, SHOWN_MESSAGE_CHARS)}… (${text.length} chars)` : line;
}
