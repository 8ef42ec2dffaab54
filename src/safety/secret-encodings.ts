/** A form a secret takes in text; a base64 one is masked with the whole base64 run it sits in. */
export interface EncodedForm {
  text: string;
  base64?: true;
}

/** The forms a secret takes in text: as is, JSON-escaped, URL-encoded and base64 (standard and URL-safe). */
export function encodedForms(value: string): EncodedForm[] {
  const json = jsonEscaped(value);
  return unique([
    ...[
      value,
      json,
      // A JSON document kept as a string inside another one (a logged request body).
      jsonEscaped(json),
      encodeURIComponent(value),
      formEncoded(value),
      encodeURI(value),
    ].map((text) => ({ text })),
    ...base64Forms(Buffer.from(value, 'utf8')),
  ]);
}

/**
 * A Basic-auth pair as it travels: `user:pass` in a URL's user info, base64 in `Authorization: Basic …`,
 * and base64 of the form-encoded pair, as OAuth2 clients send their credentials (RFC 6749 §2.3.1).
 */
export function basicPairForms(username: string, password: string): EncodedForm[] {
  const pair = `${username}:${password}`;
  const formPair = `${formEncoded(username)}:${formEncoded(password)}`;
  return unique([
    { text: pair },
    { text: `${encodeURIComponent(username)}:${encodeURIComponent(password)}` },
    ...base64Forms(Buffer.from(pair, 'utf8')),
    ...base64Forms(Buffer.from(formPair, 'utf8')),
  ]);
}

/**
 * Base64 of the bytes alone, with and without padding, and the characters that encode only them when
 * they sit at any of the three byte offsets inside a longer base64 text (one token in an encoded
 * JSON blob, `user:secret` in a Basic header). The mask then covers the whole base64 run, so that no
 * neighbouring character, which mixes in the secret's first or last bits, shows.
 */
function base64Forms(bytes: Buffer): EncodedForm[] {
  const whole = bytes.toString('base64');
  const forms = [whole, whole.replace(/=+$/, '')];
  for (const offset of [0, 1, 2]) {
    const shifted = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const wholeGroups = Math.floor((offset + bytes.length) / 3);
    forms.push(shifted.slice(offset === 0 ? 0 : 4, wholeGroups * 4));
  }
  return forms.flatMap((form) => [form, base64Url(form)]).map((text) => ({ text, base64: true as const }));
}

function base64Url(base64: string): string {
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function jsonEscaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** `application/x-www-form-urlencoded`: spaces as `+`, as URLSearchParams writes. */
function formEncoded(text: string): string {
  return new URLSearchParams([['', text]]).toString().slice(1);
}

/** Each text once, a base64 form winning: the whole run around it is masked wherever it is found. */
function unique(forms: EncodedForm[]): EncodedForm[] {
  const byText = new Map<string, EncodedForm>();
  for (const form of forms) if (form.text !== '' && !byText.get(form.text)?.base64) byText.set(form.text, form);
  return [...byText.values()];
}
