// The SDK's ErrorCode values, here so that describing an error does not load the SDK's schemas.
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;
/** Of an HTTP error's body: enough for a message, not a whole HTML page. */
const MAX_BODY_CHARS = 200;

/**
 * An error from the MCP SDK or the network in a sentence for an observation or a warning: without
 * the SDK's `MCP error -32602:` prefix, with the cause of a failed fetch (`ECONNREFUSED`).
 */
export function describeMcpError(error: unknown, timeoutMs?: number): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  if (error.name === 'McpError') {
    if (code === CONNECTION_CLOSED) return 'the server closed the connection';
    if (code === REQUEST_TIMEOUT) return timeoutMs ? `no answer within ${Math.round(timeoutMs / 1000)} s` : 'no answer in time';
  }
  const refused = /^Streamable HTTP error: Error POSTing to endpoint: ?([\s\S]*)$/.exec(error.message);
  if (refused && typeof code === 'number') {
    const body = refused[1]!.replace(/\s+/g, ' ').trim().slice(0, MAX_BODY_CHARS);
    return `the server answered HTTP ${code}${body ? `: ${body}` : ''}`;
  }
  const message = error.message.replace(/^MCP error -?\d+: /, '') || error.name;
  const cause = (error.cause as NodeJS.ErrnoException | undefined)?.code;
  return cause && !message.includes(cause) ? `${message} (${cause})` : message;
}
