import { isIP } from 'node:net';

/** Second-level labels under which a country's names are registered: `shop.co.uk`. */
const SHARED_SECOND_LEVEL = new Set(['ac', 'co', 'com', 'edu', 'gov', 'net', 'org']);

/** A host name with a dot in it, not an address: one that prefixes, suffixes and subdomains make sense of. */
export function isSiteName(host: string): boolean {
  return host.includes('.') && isIP(host.replace(/^\[|\]$/g, '')) === 0;
}

/**
 * The name a site registers, which its subdomains share: `shop.example` for `api.shop.example`,
 * `shop.co.uk` for `www.shop.co.uk` (two labels, three under a country's shared second level).
 */
export function registrableName(host: string): string {
  const labels = host.split('.');
  const shared = labels.length >= 3 && labels.at(-1)!.length === 2 && SHARED_SECOND_LEVEL.has(labels.at(-2)!);
  return labels.slice(shared ? -3 : -2).join('.');
}
