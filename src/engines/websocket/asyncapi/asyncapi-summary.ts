import type { AsyncApiChannels } from './asyncapi-channels.js';

/** `AsyncAPI 3.0.0 · Prices · 1 channel` and a line per channel with the messages each way. */
export function asyncApiSummary(channels: AsyncApiChannels): string {
  const count = channels.channels.length;
  const lines = [`AsyncAPI ${channels.version}${channels.title ? ` · ${channels.title}` : ''} · ${count} channel${count === 1 ? '' : 's'}`];
  for (const channel of channels.channels) {
    const names = (messages: Array<{ name: string }>) => messages.map((message) => message.name).join(', ') || 'nothing';
    lines.push(`  ${channel.address}: receives ${names(channel.receive)}; sends ${names(channel.send)}`);
  }
  lines.push('', 'Messages received on these channels (the websocket tool, flow steps) are checked against their payload schemas.');
  return lines.join('\n');
}
