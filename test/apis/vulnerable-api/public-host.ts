import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Where a server-side fetch must never go: loopback, private, link-local, shared and multicast ranges. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether a server-side fetch of the URL stays on the public internet: the host and every address
 * it resolves to are outside INTERNAL. The reserved `.example` names are public without a lookup.
 */
export async function isPublicHost(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (isIP(host)) return !isInternal(host);
  if (host === 'example' || host.endsWith('.example')) return true;
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.every(({ address }) => !isInternal(address));
  } catch {
    return false;
  }
}

/** IPv4-mapped IPv6 addresses (`::ffff:7f00:1`) are checked against the IPv4 ranges by BlockList itself. */
function isInternal(address: string): boolean {
  return INTERNAL.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}
