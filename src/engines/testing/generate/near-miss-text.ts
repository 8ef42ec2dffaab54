import type { JsonSchema } from '../../spec/spec-format.js';
import { patternString } from './pattern-string.js';
import { patternRegex } from './regex.js';
import type { SeededRandom } from './seeded-random.js';
import { MAX_TRIED_LENGTH, type ValueChange } from './value-change.js';

/** Whether the schema takes the value once these keywords are taken out of it. */
export type TakenWithout = (keywords: readonly string[], value: unknown) => boolean;

/** Characters of a value tried in turn for a one-character change. */
const CHANGED_CHARACTERS = 64;
/** Shown in a kind; a longer pattern is cut. */
const SHOWN_PATTERN = 40;

/**
 * Strings a lax validator takes by mistake: one character past `maxLength` (kept valid otherwise
 * when a way is found: the pattern's own string of that length, the last character repeated, a
 * letter in front), and `current` one character off its `pattern` — a character changed, or one
 * appended where the pattern is anchored at its end — that the schema takes without its pattern.
 */
export function textNearMisses(schema: JsonSchema, current: unknown, random: SeededRandom, takenWithout: TakenWithout): ValueChange[] {
  const text = typeof current === 'string' ? current : '';
  const changes: ValueChange[] = [];
  const maxLength = schema.maxLength;
  if (typeof maxLength === 'number' && maxLength < MAX_TRIED_LENGTH) {
    const length = maxLength + 1;
    const candidates = [
      typeof schema.pattern === 'string' ? patternString(schema.pattern, random, length, length) : undefined,
      text.length > 0 ? text.padEnd(length, text.at(-1)) : undefined,
      text.padStart(length, 'a'),
    ].filter((candidate): candidate is string => candidate?.length === length);
    const fitting = candidates.find((candidate) => takenWithout(['maxLength'], candidate));
    changes.push({
      slug: 'too-long',
      phrase: `longer than its maxLength ${maxLength}`,
      value: fitting ?? text.padEnd(length, 'a'),
      nearMiss: `string one past its maxLength ${maxLength}`,
      ...(fitting !== undefined && { breaks: ['maxLength'] }),
    });
  }
  if (typeof schema.pattern === 'string' && typeof current === 'string') changes.push(...patternNearMisses(schema.pattern, current, takenWithout));
  return changes;
}

function patternNearMisses(pattern: string, current: string, takenWithout: TakenWithout): ValueChange[] {
  const regex = patternRegex(pattern);
  if (!regex || !regex.test(current)) return [];
  const shown = pattern.length > SHOWN_PATTERN ? `${pattern.slice(0, SHOWN_PATTERN - 1)}…` : pattern;
  const misses = (candidate: string) => !regex.test(candidate) && takenWithout(['pattern'], candidate);
  const changes: ValueChange[] = [];
  const changed = oneCharacterChanged(current).find(misses);
  if (changed !== undefined) {
    changes.push({
      slug: 'pattern-near-miss',
      phrase: `one character off its pattern ${pattern}`,
      value: changed,
      nearMiss: `string one character off its pattern ${shown}`,
      breaks: ['pattern'],
    });
  }
  const appended = /(?<!\\)\$$/.test(pattern) ? ['0', 'a', 'A', '-', ' '].map((character) => current + character).find(misses) : undefined;
  if (appended !== undefined) {
    changes.push({
      slug: 'pattern-extra-character',
      phrase: `with a character appended against its pattern ${pattern}`,
      value: appended,
      nearMiss: `string with a character appended against its pattern ${shown}`,
      breaks: ['pattern'],
    });
  }
  return changes;
}

/** The value with one character changed to one of another kind (a digit for a letter, a letter's other case), first characters first. */
function oneCharacterChanged(value: string): string[] {
  const characters = [...value];
  return characters
    .slice(0, CHANGED_CHARACTERS)
    .flatMap((character, index) =>
      replacements(character).map((replacement) => [...characters.slice(0, index), replacement, ...characters.slice(index + 1)].join('')),
    );
}

function replacements(character: string): string[] {
  if (/\d/.test(character)) return ['a', 'Z', '-'];
  const lower = character.toLowerCase();
  const upper = character.toUpperCase();
  if (lower !== upper) return [character === lower ? upper : lower, '0', '-'];
  return ['a', '0', 'Z'];
}
