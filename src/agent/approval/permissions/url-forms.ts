/** Names this machine answers to: a rule about one of them is about all of them. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The ways of writing the URL a request goes to that a deny rule must see through: `localhost`,
 * `127.0.0.1`, `127.1` and `[::1]` for one another; `//` in the path as `/`; percent-encoded
 * characters decoded; no user name, fragment or trailing dot on the host. (Case is left to the
 * matcher: deny rules on URLs ignore it.)
 */
export function urlDenyForms(url: string): string[] {
  if (!URL.canParse(url)) return [url];
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return [url];
  parsed.username = '';
  parsed.password = '';
  parsed.hash = '';
  parsed.hostname = parsed.hostname.replace(/\.$/, '');
  parsed.pathname = parsed.pathname.replace(/\/{2,}/g, '/');
  const hosts = isLoopback(parsed.hostname) ? LOOPBACK_NAMES : [parsed.hostname];
  const forms = new Set<string>([url]);
  for (const host of hosts) {
    const variant = new URL(parsed.href);
    variant.hostname = host;
    forms.add(variant.href);
    forms.add(`${variant.origin}${decodePercents(variant.pathname)}${decodePercents(variant.search)}`);
  }
  return [...forms];
}

function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '0.0.0.0' ||
    host === '[::1]' ||
    host === '[::]' ||
    /^\[::ffff:(7f[0-9a-f]{2}:[0-9a-f]{1,4}|127\.[\d.]+)\]$/.test(host)
  );
}

/** Every `%XX` decoded; a sequence that is not UTF-8 stays as written. */
function decodePercents(text: string): string {
  return text.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}
