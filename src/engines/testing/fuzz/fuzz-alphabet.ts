import fc from 'fast-check';

/**
 * Where a fuzzed value travels: a JSON body keeps types and can escape anything (lone surrogates
 * too); query parameters and form fields are text, percent-encoded as UTF-8, which a lone surrogate
 * cannot be.
 */
export type FuzzPlace = 'json' | 'text';

/**
 * The longest string fuzzing sends where the schema sets no maxLength: in a body, and in a query
 * parameter, where the whole URL must stay within what HTTP servers take (often 8 KB).
 */
export const LONG_STRING_CHARS: Record<FuzzPlace, number> = { json: 10_000, text: 1_000 };

/**
 * Characters that break code written for ASCII, one code point each: precomposed and lone
 * combining marks, right-to-left and zero-width marks, NUL and escape, a byte-order mark, a line
 * separator JavaScript once refused, case mappings that change length, CJK and Arabic, an emoji
 * outside the BMP. Shrinking leans to the first, so the simplest come first.
 */
const SPECIAL_CODE_POINTS = ['é', '\u0301', '\u200f', '\u202e', '\u200b', '\u0000', '\u001b', '\ufeff', '\u2028', 'ß', 'İ', '中', 'ع', '😀'];

/** Sequences of several code points: a base with a combining mark, a family joined by ZWJ, a flag. */
const SPECIAL_SEQUENCES = ['e\u0301', '👩‍👩‍👧', '🇫🇷', 'Z\u0351\u036b\u0343'];

/** Halves of surrogate pairs: JSON escapes them (`\ud800`), UTF-8 cannot carry them. */
const LONE_SURROGATES = ['\ud800', '\udfff', '\udbff'];

/** One printable ASCII character. */
export const asciiCharacter = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 });

/**
 * One unit of a fuzzed string: mostly ASCII, else a special character, any Unicode grapheme, and
 * (in JSON) a lone surrogate. `singleCodePoint` keeps to units of one code point, so that a length
 * in units is the length JSON Schema counts.
 */
export function stringUnit(place: FuzzPlace, singleCodePoint: boolean): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 8, arbitrary: asciiCharacter },
    { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_CODE_POINTS) },
    { weight: 3, arbitrary: fc.string({ unit: singleCodePoint ? 'grapheme-composite' : 'grapheme', minLength: 1, maxLength: 1 }) },
    ...(singleCodePoint ? [] : [{ weight: 1, arbitrary: fc.constantFrom(...SPECIAL_SEQUENCES) }]),
    ...(place === 'json' && !singleCodePoint ? [{ weight: 1, arbitrary: fc.constantFrom(...LONE_SURROGATES) }] : []),
  );
}

/**
 * A few units of `head`, then one unit of `repeated` (one code point) repeated `min`..`max` times.
 * Shrinking halves the count (and empties the head), so a failure that needs length ends at the
 * shortest length that still fails.
 */
export function longString(head: fc.Arbitrary<string>, repeated: fc.Arbitrary<string>, min: number, max: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.string({ unit: head, maxLength: LONG_HEAD_UNITS }), repeated, fc.integer({ min, max: Math.max(min, max) }))
    .map(([start, unit, count]) => start + unit.repeat(count));
}

/** Units before the repeated one in a long string. */
export const LONG_HEAD_UNITS = 4;

/** Integers where code that counts on 32 bits or on exact doubles goes wrong; `2 ** 53 + 2` is the first exact one past MAX_SAFE_INTEGER + 1. */
export const EDGE_INTEGERS = [0, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 31, 2 ** 32, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2 ** 53 + 2, -(2 ** 53 + 2)];

/** Numbers at the ends of doubles: the largest, the smallest positive, negative zero, and ones JSON writes with an exponent. */
export const EDGE_NUMBERS = [0, -0, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE, 1e-7, 0.1, 1e21];

/**
 * Numbers as query text that a parser may read several ways: past 2^53 (`9007199254740993` is
 * 2^53 + 1, which no double holds), negative zero, exponents, hex, a sign, a leading zero, padding.
 */
export const EDGE_NUMBER_TEXTS = ['9007199254740993', '-9007199254740993', '-0', '1e308', '1e-7', '0x1A', '+1', '01', '1.0', ' 1'];

/** Texts that are no number, though some parsers make one of them (`1e999` is Infinity to JavaScript). */
export const NAN_LIKE_TEXTS = ['NaN', 'Infinity', '-Infinity', '1e999', 'abc'];

/** Media types a JSON body is also sent as, to see it refused: none of them may be documented. */
export const WRONG_MEDIA_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/octet-stream'];

/** Objects and arrays nested this deep at most. */
export const MAX_NESTING = 1000;

/** `{"a": {"a": … 1}}`, `depth` objects deep; `[[…[1]]]` for arrays. */
export function nested(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = kind === 'object' ? { a: value } : [value];
  return value;
}
