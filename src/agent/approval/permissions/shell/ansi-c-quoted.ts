const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/**
 * The text of a bash `$'…'` string, escapes decoded as bash decodes them: `$'\x72\x6d'` is `rm`.
 * `body` is what stands between the quotes.
 */
export function decodeAnsiC(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (char !== '\\' || i === body.length - 1) {
      out += char;
      continue;
    }
    const next = body[++i]!;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
    } else if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(body.slice(i))![0];
      out += String.fromCharCode(parseInt(digits, 8) & 0xff);
      i += digits.length - 1;
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const most = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      const digits = new RegExp(`^[0-9a-fA-F]{1,${most}}`).exec(body.slice(i + 1))?.[0];
      if (digits === undefined) out += `\\${next}`;
      else out += String.fromCodePoint(Math.min(parseInt(digits, 16), 0x10ffff));
      i += digits?.length ?? 0;
    } else if (next === 'c' && i + 1 < body.length) {
      out += String.fromCharCode(body.charCodeAt(++i) & 0x1f);
    } else {
      out += `\\${next}`;
    }
  }
  return out;
}
