import { isSiteName, registrableName } from './site-names.js';

/** First-party origins tried at most: each costs a request. */
const MAX_FIRST_PARTY = 4;

/**
 * Origins the API's own web front end plausibly has, to learn which one its CORS allows: each
 * absolute http(s) server of the spec, then the base URL, each as itself and as the site it is under
 * (`https://shop.example`, `https://www.shop.example` for `https://api.shop.example`). At most four.
 */
export function firstPartyOrigins(serverUrls: readonly string[], baseUrl: string): string[] {
  const origins = new Set<string>();
  for (const text of [...serverUrls, baseUrl]) {
    const url = URL.parse(text);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
    origins.add(url.origin);
    if (!isSiteName(url.hostname)) continue;
    const site = registrableName(url.hostname);
    for (const host of [site, `www.${site}`]) if (host !== url.hostname) origins.add(`https://${host}`);
  }
  return [...origins].slice(0, MAX_FIRST_PARTY);
}
