import { lookup } from 'node:dns/promises';
import { networkInterfaces } from 'node:os';

const LOOPBACK = /^(::ffff:)?127\.|^::1$/;

/**
 * Whether the host of `url` is this machine: every address it resolves to is a loopback one or one
 * of this machine's interfaces. A server here can reach Falcon's loopback listeners; one elsewhere cannot.
 */
export async function isOnThisMachine(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await lookup(host, { all: true }).then(
    (found) => found.map(({ address }) => address),
    () => [],
  );
  const own = new Set(Object.values(networkInterfaces()).flatMap((infos) => (infos ?? []).map(({ address }) => address)));
  return addresses.length > 0 && addresses.every((address) => LOOPBACK.test(address) || own.has(address));
}
