import { isSiteName, registrableName } from './site-names.js';

/** An origin an attacker can send that a careless check of the allowed one may take for it. */
export interface DerivedOrigin {
  origin: string;
  /** Why it is not the API's to trust, for the finding's title. */
  why: string;
  /** A finding only with Access-Control-Allow-Credentials: true (trusting a subdomain without them is common and harmless). */
  onlyWithCredentials?: boolean;
}

/**
 * From an origin the API allows (`https://api.shop.example`), the origins a check by prefix, suffix,
 * scheme, port or subdomain lets through, in that order: `https://evil-shop.example` (ends with the
 * site's name), `https://api.shop.example.evil.test` (starts with the host), `http://api.shop.example`,
 * `https://api.shop.example:8443`, `https://evil.shop.example`. An address or a one-label host
 * (`localhost`) gets the scheme and port variants only; an origin that is not http(s), none.
 */
export function derivedOrigins(allowed: string): DerivedOrigin[] {
  const url = URL.parse(allowed);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return [];
  const { protocol, hostname: host } = url;
  const port = url.port ? `:${url.port}` : '';
  const site = registrableName(host);
  const named = isSiteName(host);
  const candidates: Array<DerivedOrigin | false> = [
    named && { origin: `${protocol}//evil-${site}${port}`, why: `a name anyone can register that ends with ${site}` },
    named && { origin: `${protocol}//${host}.evil.test${port}`, why: `a name anyone can register that starts with ${host}` },
    protocol === 'https:' && { origin: `http://${host}${port}`, why: `${host} over plain HTTP, which anyone on the network can answer for` },
    { origin: `${protocol}//${host}${otherPort(url)}`, why: `another port of ${host}, which any service there can serve a page from` },
    named && {
      origin: `${protocol}//evil.${site}${port}`,
      why: `a subdomain of ${site}: any of them taken over, or open to script injection, reads answers with the user's credentials`,
      onlyWithCredentials: true,
    },
  ];
  const origins = candidates.filter((candidate): candidate is DerivedOrigin => candidate !== false && candidate.origin !== url.origin);
  return origins.filter((candidate, index) => origins.findIndex((other) => other.origin === candidate.origin) === index);
}

/** A port the allowed origin does not use, as an origin writes it: its scheme's default (no port) when it names one, else a common alternative. */
function otherPort(url: URL): string {
  if (url.port) return '';
  return url.protocol === 'https:' ? ':8443' : ':8080';
}
