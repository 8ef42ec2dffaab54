import { AssertionSpecError, findExpectationProblems } from '../assertions/assert-response.js';
import { collectMessages, type CollectEnd } from './collect-messages.js';
import { checkMessage, type MessageExpectations } from './message-checks.js';
import { type MessageSchema, schemaFailures } from './message-schema.js';
import { openWebSocket, type WebSocketTarget } from './open-websocket.js';

export const DEFAULT_COUNT = 1;
export const DEFAULT_WITHIN_MS = 5_000;

export interface MessageExpectation extends MessageExpectations {
  /** How many matching messages must come (default 1). */
  count?: number;
  /** Within how long of the messages being sent, in ms (default 5 s). */
  withinMs?: number;
}

export interface WebSocketExchangeInput extends WebSocketTarget {
  /** Sent in order once the connection is open: strings as they are, anything else as JSON. */
  send?: unknown[];
  expect?: MessageExpectation;
  /** What every message received must match: the AsyncAPI channel's message payload. */
  schema?: MessageSchema;
  signal: AbortSignal;
}

export interface ReceivedMessage {
  text: string;
  /** When it came, in ms since the connection opened. */
  atMs: number;
  matched: boolean;
}

/** One check that did not hold, as flow steps report them. */
export interface MessageFailure {
  check: string;
  expected: string;
  actual: string;
}

export interface WebSocketExchange {
  url: string;
  /** The subprotocol the server chose ('' for none). */
  protocol: string;
  sent: string[];
  received: ReceivedMessage[];
  /** Messages past the kept ones. */
  dropped: number;
  count: number;
  withinMs: number;
  matched: number;
  end: CollectEnd;
  /** When the server closed the connection before Falcon did. */
  closedByServer?: { code: number; reason: string };
  failures: MessageFailure[];
  durationMs: number;
}

/** How many unmatched messages have their failing checks listed. */
const EXPLAINED_MISSES = 1;

/**
 * Opens a connection, sends the messages, collects what comes until `count` messages match the
 * expectations (every one, when there are none) or `within` passes, checks every message against
 * the schema, and closes. Fails with WebSocketError when the connection cannot be made, with
 * AssertionSpecError when an expectation is malformed (before connecting).
 */
export async function exchangeWebSocket(input: WebSocketExchangeInput): Promise<WebSocketExchange> {
  const expectations: MessageExpectations = {
    ...(input.expect?.jsonPath && { jsonPath: input.expect.jsonPath }),
    ...(input.expect?.contains && { contains: input.expect.contains }),
  };
  const problems = findExpectationProblems({ jsonPath: expectations.jsonPath, bodyContains: expectations.contains });
  if (problems.length > 0) throw new AssertionSpecError(problems.join('; '));
  const count = input.expect?.count ?? DEFAULT_COUNT;
  const withinMs = input.expect?.withinMs ?? DEFAULT_WITHIN_MS;
  const started = performance.now();
  const socket = await openWebSocket(input, input.signal);
  const sent: string[] = [];
  try {
    for (const message of input.send ?? []) {
      const text = typeof message === 'string' ? message : JSON.stringify(message);
      await socket.send(text);
      sent.push(text);
    }
    const collected = await collectMessages(
      socket.inbox,
      (message) => {
        const misses = checkMessage(message.text, expectations).filter((result) => !result.passed);
        return { matched: misses.length === 0, misses };
      },
      { count, withinMs, signal: input.signal },
    );
    const failures: MessageFailure[] = [];
    if (collected.matched < count) {
      const what = describeExpectations(expectations);
      failures.push({
        check: 'messages',
        expected: `${count} message${count === 1 ? '' : 's'}${what ? ` with ${what}` : ''} within ${withinMs} ms`,
        actual: `${collected.matched} of ${collected.judged.length} received matched${collected.end === 'closed' ? ` before the server closed the connection (${socket.inbox.closed!.code})` : ''}`,
      });
      collected.judged
        .map((message, index) => ({ message, index }))
        .filter(({ message }) => !message.matched)
        .slice(0, EXPLAINED_MISSES)
        .forEach(({ message, index }) => {
          for (const miss of message.misses) failures.push({ check: `message ${index + 1} ${miss.subject}`, expected: miss.expected, actual: miss.actual });
        });
    }
    const received = collected.judged.map(({ text, atMs, matched }) => ({ text, atMs, matched }));
    if (input.schema) failures.push(...(await schemaFailures(received, input.schema)));
    return {
      url: socket.url,
      protocol: socket.protocol,
      sent,
      received,
      dropped: socket.inbox.dropped,
      count,
      withinMs,
      matched: collected.matched,
      end: collected.end,
      ...(socket.inbox.closed && { closedByServer: socket.inbox.closed }),
      failures,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    await socket.close();
  }
}

function describeExpectations(expectations: MessageExpectations): string {
  return [
    ...Object.entries(expectations.jsonPath ?? {}).map(([path, spec]) => `${path} ${JSON.stringify(spec)}`),
    ...(expectations.contains ?? []).map((text) => `text ${JSON.stringify(text)}`),
  ].join(', ');
}
