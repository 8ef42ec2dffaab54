import type { JsonSchema } from '../../spec/spec-format.js';

/** A message of a channel: its name and the JSON Schema of its payload. */
export interface ChannelMessage {
  name: string;
  payload: JsonSchema;
}

/**
 * A channel as Falcon keeps it: its address (the path a WebSocket URL ends with) and its messages
 * by direction, seen from the client — `receive` what the server sends, `send` what the client does.
 */
export interface AsyncApiChannel {
  name: string;
  address: string;
  receive: ChannelMessage[];
  send: ChannelMessage[];
}

/** `.falcon/asyncapi.json`: the channels of an AsyncAPI 2.x or 3.x document, every `$ref` resolved. */
export interface AsyncApiChannels {
  format: 'falcon-asyncapi/1';
  source: string;
  version: string;
  title?: string;
  channels: AsyncApiChannel[];
}

export const ASYNCAPI_FILE = 'asyncapi.json';
