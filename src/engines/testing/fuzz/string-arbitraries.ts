import fc from 'fast-check';
import type { JsonSchema } from '../../spec/spec-format.js';
import { mismatchingString } from '../generate/pattern-string.js';
import { patternRegex } from '../generate/regex.js';
import { type FuzzPlace, LONG_HEAD_UNITS, LONG_STRING_CHARS, asciiCharacter, longString, stringUnit } from './fuzz-alphabet.js';

/** Units a short fuzzed string has past its minLength. */
const SHORT_EXTRA = 16;
/** Long strings are drawn only where the schema lets a string be at least this long. */
const LONG_FROM = 64;

const DAY_MS = 86_400_000;
const DATES = { min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true };

/** Strings of the `format`s ajv checks, as fast-check draws them. */
const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  date: () =>
    fc.integer({ min: DATES.min.getTime() / DAY_MS, max: DATES.max.getTime() / DAY_MS }).map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10)),
  'date-time': () => fc.date(DATES).map((date) => date.toISOString()),
  time: () => fc.date(DATES).map((date) => date.toISOString().slice(11)),
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
  uri: () => fc.webUrl(),
  url: () => fc.webUrl(),
  hostname: () => fc.domain(),
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  byte: () => fc.base64String({ maxLength: 24 }),
};

/**
 * Strings meant to satisfy the schema: its format's or its pattern's when it has one, else text of
 * mostly ASCII with special characters and any Unicode mixed in, and now and then a long one (up to
 * maxLength, or LONG_STRING_CHARS where there is none). With a length bound every unit is one code
 * point, as JSON Schema counts length.
 */
export function stringInside(schema: JsonSchema, place: FuzzPlace): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  if (typeof schema.pattern === 'string') {
    const matching = patternStrings(schema.pattern);
    if (matching) return matching;
  }
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format) return format();
  const bounded = minLength > 0 || maxLength !== undefined;
  const unit = stringUnit(place, bounded);
  const short = fc.string({ unit, minLength, maxLength: Math.min(maxLength ?? Number.POSITIVE_INFINITY, minLength + SHORT_EXTRA) });
  const longest = (maxLength ?? LONG_STRING_CHARS[place] + LONG_HEAD_UNITS) - LONG_HEAD_UNITS;
  if (longest < LONG_FROM) return short;
  const long = longString(unit, stringUnit(place, true), Math.max(1, minLength), longest);
  return fc.oneof({ weight: 5, arbitrary: short }, { weight: 1, arbitrary: long });
}

/**
 * Strings just outside the schema: one character past maxLength (or up to LONG_STRING_CHARS
 * long), one short of minLength, one its pattern does not match, one that is no `format`.
 */
export function stringOutside(schema: JsonSchema, place: FuzzPlace): Array<fc.Arbitrary<string>> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const variants: Array<fc.Arbitrary<string>> = [];
  if (maxLength !== undefined) variants.push(longString(asciiCharacter, asciiCharacter, maxLength + 1, Math.max(maxLength + 1, LONG_STRING_CHARS[place])));
  if (minLength > 0) variants.push(fc.string({ unit: stringUnit(place, true), maxLength: minLength - 1 }));
  if (typeof schema.pattern === 'string') {
    const mismatch = mismatchingString(schema.pattern, minLength, maxLength ?? Number.POSITIVE_INFINITY);
    if (mismatch !== undefined) variants.push(fc.constant(mismatch));
  }
  if (typeof schema.format === 'string' && FORMATS[schema.format]) variants.push(fc.constant(`not a ${schema.format}`));
  return variants;
}

/** fast-check's strings for a pattern, unanchored as JSON Schema reads it; undefined when fast-check cannot read it (lookarounds, say). */
function patternStrings(pattern: string): fc.Arbitrary<string> | undefined {
  const regex = patternRegex(pattern);
  if (!regex) return undefined;
  try {
    return fc.stringMatching(regex);
  } catch {
    return undefined;
  }
}
