/** A string one small step from a valid one of its format: what a lax parser takes by mistake. */
export interface FormatNearMiss {
  /** For the case id: `no-tld`. */
  slug: string;
  /** What a finding calls it: `email without TLD`. */
  kind: string;
  value: string;
}

/** A valid value of each format, mutated when the request's own value is not of the usual shape. */
const CANONICAL: Readonly<Record<string, string>> = {
  'date-time': '2024-05-06T07:08:09Z',
  date: '2024-05-06',
  time: '07:08:09Z',
  email: 'user@example.com',
  uuid: '0f8fad5b-d9cb-469f-a165-70867728950e',
  uri: 'https://example.com/items',
  url: 'https://example.com/items',
};

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}:\d{2}:\d{2})(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$/;
const EMAIL = /^(.+)@([^@]+\.[^@.]+)$/;
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f])([0-9a-f]{3})-([0-9a-f]{4})-([0-9a-f]{12})$/i;
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:(?:\/\/)?(.+)$/;

type Mutate = (valid: string) => FormatNearMiss[] | undefined;

const MUTATIONS: Readonly<Record<string, Mutate>> = {
  'date-time': (valid) => {
    const [, date, clock, fraction, zone] = DATE_TIME.exec(valid) ?? [];
    if (date === undefined || clock === undefined || zone === undefined) return undefined;
    return [
      { slug: 'no-offset', kind: 'date-time without offset', value: `${date}T${clock}` },
      { slug: 'hour-24', kind: 'date-time at 24:00:00', value: `${date}T24:00:00${zone}` },
      { slug: 'fraction-no-zone', kind: 'date-time with a fraction and no zone', value: `${date}T${clock}${fraction ?? '.123'}` },
    ];
  },
  date: (valid) => {
    const [, year, month, day] = DATE.exec(valid) ?? [];
    if (year === undefined || month === undefined || day === undefined) return undefined;
    return [
      { slug: 'one-digit-month', kind: 'date with a one-digit month', value: `${year}-${oneDigit(month, '5')}-${day}` },
      { slug: 'one-digit-day', kind: 'date with a one-digit day', value: `${year}-${month}-${oneDigit(day, '6')}` },
      { slug: 'no-such-day', kind: 'date that does not exist', value: `${year}-02-30` },
    ];
  },
  time: (valid) => {
    const [, clock, , zone] = TIME.exec(valid) ?? [];
    if (clock === undefined || zone === undefined) return undefined;
    return [
      { slug: 'no-offset', kind: 'time without offset', value: clock },
      { slug: 'hour-24', kind: 'time at 24:00:00', value: `24:00:00${zone}` },
    ];
  },
  email: (valid) => {
    const [, local, domain] = EMAIL.exec(valid) ?? [];
    if (local === undefined || domain === undefined) return undefined;
    return [
      { slug: 'no-tld', kind: 'email without TLD', value: `${local}@${domain.split('.')[0]}` },
      { slug: 'two-at', kind: 'email with two @', value: `${local}@${local}@${domain}` },
    ];
  },
  uuid: (valid) => {
    const [, first, second, version, rest, fourth, last] = UUID.exec(valid) ?? [];
    if (version === undefined) return undefined;
    const other = version === '4' ? '1' : '4';
    return [
      { slug: 'no-dashes', kind: 'uuid without dashes', value: valid.replaceAll('-', '') },
      { slug: 'wrong-version', kind: 'uuid with the wrong version nibble', value: `${first}-${second}-${other}${rest}-${fourth}-${last}` },
    ];
  },
  uri: uriWithoutScheme,
  url: uriWithoutScheme,
};

/** The formats near misses are made for. */
export const NEAR_MISS_FORMATS: readonly string[] = Object.keys(MUTATIONS);

/**
 * Near misses of a string `format`, each one small step from `current` (the valid value the request
 * carries) or, when that is not of the usual shape, from a valid value of the format: a date-time
 * without offset, at 24:00:00, with a fraction and no zone; a date with a one-digit month or day, or
 * a day that does not exist; a time without offset or at 24:00:00; an email without TLD or with two
 * `@`; a uuid without dashes or of another version (which only a `pattern` can forbid); a uri
 * without scheme. Callers keep those the spec's validator refuses.
 */
export function formatNearMisses(format: string, current: unknown): FormatNearMiss[] {
  const mutate = Object.hasOwn(MUTATIONS, format) ? MUTATIONS[format] : undefined;
  if (!mutate) return [];
  return (typeof current === 'string' ? mutate(current) : undefined) ?? mutate(CANONICAL[format]!) ?? [];
}

function uriWithoutScheme(valid: string): FormatNearMiss[] | undefined {
  const rest = URI.exec(valid)?.[1];
  return rest === undefined ? undefined : [{ slug: 'no-scheme', kind: 'uri without scheme', value: rest }];
}

/** `05` → `5`; a two-digit number keeps its place with `fallback`. */
function oneDigit(twoDigits: string, fallback: string): string {
  return twoDigits.startsWith('0') ? twoDigits.slice(1) : fallback;
}
