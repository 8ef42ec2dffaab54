import type { JsonSchema } from '../../spec/spec-format.js';
import type { AsyncApiChannel, ChannelMessage } from './asyncapi-channels.js';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const nodes = (value: unknown): Node[] => (Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : []);

/**
 * The channels of a dereferenced AsyncAPI document. 2.x: a channel's key is its address; `subscribe`
 * is what the client receives, `publish` what it sends, each a message or `oneOf` several. 3.x: a
 * channel has an `address` and `messages`; operations with `action: receive` / `send` name which
 * go which way (a channel no operation names: its messages are taken as received).
 */
export function asyncApiToChannels(document: Node): AsyncApiChannel[] {
  const version = String(document.asyncapi);
  return version.startsWith('2.') ? channelsOfVersion2(document) : channelsOfVersion3(document);
}

function channelsOfVersion2(document: Node): AsyncApiChannel[] {
  return Object.entries(isNode(document.channels) ? document.channels : {}).map(([address, channel]) => {
    const item = isNode(channel) ? channel : {};
    return { name: address, address, receive: operationMessages(item.subscribe), send: operationMessages(item.publish) };
  });
}

function operationMessages(operation: unknown): ChannelMessage[] {
  if (!isNode(operation) || !isNode(operation.message)) return [];
  const message = operation.message;
  return (Array.isArray(message.oneOf) ? nodes(message.oneOf) : [message]).flatMap((item, index) => toMessage(item, String(index + 1)));
}

function channelsOfVersion3(document: Node): AsyncApiChannel[] {
  const operations = Object.values(isNode(document.operations) ? document.operations : {}).filter(isNode);
  return Object.entries(isNode(document.channels) ? document.channels : {}).map(([name, channel]) => {
    const item = isNode(channel) ? channel : {};
    const messages = Object.entries(isNode(item.messages) ? item.messages : {}).filter((entry): entry is [string, Node] => isNode(entry[1]));
    const named = (message: Node) => messages.find(([, candidate]) => candidate === message)?.[0];
    const byAction = (action: string) =>
      operations
        .filter((operation) => operation.action === action && operation.channel === channel)
        .flatMap((operation) =>
          Array.isArray(operation.messages) && operation.messages.length > 0 ? nodes(operation.messages) : messages.map(([, message]) => message),
        )
        .flatMap((message) => toMessage(message, named(message) ?? 'message'));
    const used = operations.some((operation) => operation.channel === channel);
    return {
      name,
      address: typeof item.address === 'string' ? item.address : name,
      receive: used ? byAction('receive') : messages.flatMap(([key, message]) => toMessage(message, key)),
      send: byAction('send'),
    };
  });
}

function toMessage(message: Node, fallbackName: string): ChannelMessage[] {
  if (!isNode(message.payload)) return [];
  const name = typeof message.name === 'string' ? message.name : fallbackName;
  return [{ name, payload: message.payload as JsonSchema }];
}
