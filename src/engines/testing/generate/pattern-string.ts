import randexpExport from 'randexp';
import { patternRegex } from './regex.js';
import type { SeededRandom } from './seeded-random.js';

// randexp's CommonJS export is the class itself, while its types declare it as `default`.
const RandExp = randexpExport as unknown as typeof randexpExport.default;

const ATTEMPTS = 20;

/**
 * A string matching `pattern` (unanchored, as JSON Schema reads it) whose length is within the
 * bounds, drawn from `random`; undefined when the pattern is not a JavaScript regex or no attempt fits.
 */
export function patternString(pattern: string, random: SeededRandom, minLength = 0, maxLength = Number.POSITIVE_INFINITY): string | undefined {
  const regex = patternRegex(pattern);
  if (!regex) return undefined;
  const generator = new RandExp(pattern);
  generator.randInt = (min, max) => random.int(min, max);
  generator.max = Math.min(Math.max(minLength, 8), 256);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let text: string;
    try {
      text = generator.gen();
    } catch {
      return undefined;
    }
    if (text.length >= minLength && text.length <= maxLength && regex.test(text)) return text;
  }
  return undefined;
}

/** A string of `length` characters that `pattern` does not match, if such a simple one is found. */
export function mismatchingString(pattern: string, minLength: number, maxLength: number): string | undefined {
  const regex = patternRegex(pattern);
  if (!regex) return undefined;
  const length = Math.min(Math.max(minLength, 3), maxLength);
  for (const filler of ['!', ' ', '~', '0', 'a', 'Z', '-']) {
    const text = filler.repeat(length);
    if (!regex.test(text)) return text;
  }
  return undefined;
}
