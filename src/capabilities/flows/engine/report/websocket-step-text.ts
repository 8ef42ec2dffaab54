import type { WebSocketStepExchange } from '../flow-run.js';

/** How many messages each way a report lists; the rest are counted. */
const LISTED_MESSAGES = 20;

/**
 * A WebSocket step's exchange as plain lines: the URL and subprotocol, how many of the messages
 * expected matched, the schema they were checked against, then each message sent and received
 * (`✓` when it matched), each cut to `maxChars`.
 */
export function webSocketLines(exchange: WebSocketStepExchange, maxChars: number): string[] {
  const cut = (text: string) => (text.length > maxChars ? `${text.slice(0, maxChars)}… (${text.length} chars)` : text);
  const more = (count: number, what: string) => (count > LISTED_MESSAGES ? [`(${count - LISTED_MESSAGES} more ${what})`] : []);
  return [
    `WebSocket ${exchange.url}${exchange.protocol ? ` (subprotocol ${exchange.protocol})` : ''}`,
    `${exchange.matched} of ${exchange.count} expected messages matched within ${exchange.withinMs} ms; ${exchange.sent.length} sent, ${exchange.received.length} received`,
    ...(exchange.schema ? [`Checked against ${exchange.schema}`] : []),
    ...exchange.sent.slice(0, LISTED_MESSAGES).map((text, index) => `→ ${index + 1}: ${cut(text)}`),
    ...more(exchange.sent.length, 'sent'),
    ...exchange.received
      .slice(0, LISTED_MESSAGES)
      .map((message, index) => `← ${index + 1} +${message.atMs} ms${message.matched ? ' ✓' : ''}: ${cut(message.text)}`),
    ...more(exchange.received.length, 'received'),
  ];
}
