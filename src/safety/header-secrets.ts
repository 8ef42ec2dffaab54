import type { SecretRegistry } from './secret-registry.js';

/** Headers that say what is sent and who sends it, never who may: their values are left visible. */
const CONTENT_HEADER = /^(accept(-[\w-]+)?|content-[\w-]+|user-agent)$/i;
const CREDENTIAL_HEADER = /^(proxy-)?authorization$/i;
/** `Bearer abc…`, `Basic dXNl…`, `Token …`, `Digest username=…`: a scheme, then the credential. */
const SCHEME_AND_CREDENTIAL = /^([A-Za-z][\w.-]*)\s+(\S[\s\S]*)$/;
/** A value this long in a header someone gave is taken for a credential, whatever the header's name. */
export const SHORTEST_HEADER_SECRET = 8;

/**
 * Headers the user gave (`falcon test -H`, `perf`, `scan`, a flow's steps) are credentials whatever
 * their name: the part after the scheme of `Authorization` (and, for Basic, the user and password it
 * encodes), and every other value of SHORTEST_HEADER_SECRET characters or more, except the content
 * headers (`Accept`, `Content-Type`, `User-Agent`). Masked wherever they show again: an API echoing
 * them, a report, a curl line.
 */
export function registerHeaderSecrets(headers: Record<string, string>, secrets: SecretRegistry): void {
  for (const [name, given] of Object.entries(headers)) {
    const value = given.trim();
    if (CONTENT_HEADER.test(name)) continue;
    if (CREDENTIAL_HEADER.test(name)) registerCredential(value, name, secrets);
    else if (value.length >= SHORTEST_HEADER_SECRET) secrets.register(value, name, { asGiven: true });
  }
}

function registerCredential(value: string, name: string, secrets: SecretRegistry): void {
  const [, scheme, credential] = SCHEME_AND_CREDENTIAL.exec(value) ?? [undefined, undefined, value];
  secrets.register(credential!, name, { asGiven: true });
  if (scheme?.toLowerCase() !== 'basic') return;
  const pair = Buffer.from(credential!, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  if (colon > 0 && Buffer.from(pair, 'utf8').toString('base64').replace(/=+$/, '') === credential!.replace(/=+$/, '')) {
    secrets.registerBasicPair(pair.slice(0, colon), pair.slice(colon + 1), name);
  }
}
