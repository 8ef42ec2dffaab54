/** A WebSocket that could not be opened or broke before the exchange ended; the message says why. */
export class WebSocketError extends Error {
  override name = 'WebSocketError';
}
