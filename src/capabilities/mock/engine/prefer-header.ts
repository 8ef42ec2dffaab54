/** What a client asks of the mock with `Prefer` (as Prism reads it): `code=404`, `example=cat`. */
export interface Preference {
  code?: string;
  example?: string;
}

/** `Prefer: code=404, example=cat` → `{code: '404', example: 'cat'}`; other preferences are ignored. */
export function readPrefer(header: string | string[] | undefined): Preference {
  const preference: Preference = {};
  for (const part of ([] as string[]).concat(header ?? []).flatMap((value) => value.split(/[,;]/))) {
    const [key, ...rest] = part.split('=');
    const name = key?.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name === 'code' && value) preference.code = value;
    if (name === 'example' && value) preference.example = value;
  }
  return preference;
}
