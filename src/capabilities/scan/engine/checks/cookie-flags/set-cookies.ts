import type { ScanResponse } from '../../scan-exchange.js';

/** One `Set-Cookie` of an answer: its name and the attributes it was given (lower case). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

/** The cookies the answer sets; one that deletes a cookie (empty, `Max-Age=0`, expired) is left out. */
export function setCookies(response: ScanResponse): SetCookie[] {
  const raw = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return raw.flatMap((line) => {
    const [pair = '', ...parts] = line.split(';');
    const equals = pair.indexOf('=');
    if (equals <= 0) return [];
    const attributes = new Map(
      parts.map((part) => {
        const [key = '', ...rest] = part.split('=');
        return [key.trim().toLowerCase(), rest.join('=').trim()] as const;
      }),
    );
    const cookie = { name: pair.slice(0, equals).trim(), value: pair.slice(equals + 1).trim(), attributes };
    return isDeletion(cookie) ? [] : [cookie];
  });
}

function isDeletion({ value, attributes }: SetCookie): boolean {
  const expires = attributes.get('expires');
  return (
    value === '' ||
    attributes.get('max-age')?.startsWith('0') === true ||
    /^-/.test(attributes.get('max-age') ?? '') ||
    (expires !== undefined && Date.parse(expires) < Date.parse('2000-01-01'))
  );
}

/** The answer with each cookie's value cut out of its Set-Cookie lines: the evidence shows the attributes, never a session. */
export function withCookieValuesMasked(response: ScanResponse): ScanResponse {
  const raw = response.headers['set-cookie'];
  if (raw === undefined) return response;
  const masked = ([] as string[]).concat(raw).map((line) => line.replace(/^(\s*[^=;]+=)[^;]*/, '$1[masked]'));
  return { ...response, headers: { ...response.headers, 'set-cookie': masked } };
}
