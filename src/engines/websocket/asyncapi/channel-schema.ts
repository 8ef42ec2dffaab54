import { readFile } from 'node:fs/promises';
import { falconPath } from '../../../workspace/falcon-dir.js';
import type { MessageSchema } from '../message-schema.js';
import { ASYNCAPI_FILE, type AsyncApiChannel, type AsyncApiChannels } from './asyncapi-channels.js';

/**
 * The schema the messages received at `url` must match, from the ingested AsyncAPI document
 * (`.falcon/asyncapi.json`): the channel whose address is the URL's path (`{param}` standing for a
 * segment), its received messages' payloads — one, or any of several. Undefined when nothing was
 * ingested or no channel is at that path.
 */
export async function channelSchemaFor(projectRoot: string, url: string): Promise<MessageSchema | undefined> {
  const text = await readFile(falconPath(projectRoot, ASYNCAPI_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let channels: AsyncApiChannels;
  try {
    channels = JSON.parse(text) as AsyncApiChannels;
  } catch {
    return undefined;
  }
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  const channel = (channels.channels ?? []).find((candidate) => addressMatches(candidate, path));
  if (!channel || channel.receive.length === 0) return undefined;
  const names = channel.receive.map((message) => `"${message.name}"`).join(' or ');
  return {
    name: `the ${names} message of channel ${channel.address} (${channels.source})`,
    schema: channel.receive.length === 1 ? channel.receive[0]!.payload : { anyOf: channel.receive.map((message) => message.payload) },
  };
}

function addressMatches(channel: AsyncApiChannel, path: string): boolean {
  const address = channel.address.startsWith('/') ? channel.address : `/${channel.address}`;
  const pattern = address
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}
