import type { JsonSchema } from '../../spec/spec-format.js';
import { formatNearMisses } from './near-miss-formats.js';
import { numberNearMisses } from './near-miss-numbers.js';
import { textNearMisses, type TakenWithout } from './near-miss-text.js';
import { schemaTypes } from './schema-shape.js';
import type { SeededRandom } from './seeded-random.js';
import type { ValueChange, ValuePlace } from './value-change.js';

/** Near misses of one value, at most: a format's three, a number's four, a string's three. */
const MAX_PER_VALUE = 6;
/** Strings this long are shown by their head and length. */
const SHOWN_CHARACTERS = 40;

/**
 * Values a lax validator takes by mistake, each one small step from `current` (the valid value the
 * request carries) and named by its kind: per string `format` (near-miss-formats.ts), numbers just
 * outside their bounds or off their `multipleOf` and `+1` in JSON (near-miss-numbers.ts), strings
 * one past `maxLength` or one character off their `pattern` (near-miss-text.ts). A value of an
 * `enum` or `const` gets none: any other value breaks it already. Callers keep those the spec's
 * validator refuses and, for those that say which keywords they break, takes without them.
 */
export function nearMissValues(schema: JsonSchema, current: unknown, place: ValuePlace, random: SeededRandom, takenWithout: TakenWithout): ValueChange[] {
  if (Array.isArray(schema.enum) || 'const' in schema) return [];
  const types = schemaTypes(schema);
  const changes: ValueChange[] = [];
  if (types.includes('integer') || types.includes('number')) changes.push(...numberNearMisses(schema, types, current, place));
  if (types.includes('string')) {
    if (typeof schema.format === 'string') {
      for (const miss of formatNearMisses(schema.format, current)) {
        // A pattern often spells the format out again: a value that breaks the format breaks it too.
        const breaks = miss.slug === 'wrong-version' ? ['pattern'] : ['format', 'pattern'];
        changes.push({ slug: miss.slug, phrase: `as ${withArticle(miss.kind)} ${JSON.stringify(miss.value)}`, value: miss.value, nearMiss: miss.kind, breaks });
      }
    }
    changes.push(...textNearMisses(schema, current, random, takenWithout));
  }
  return changes.slice(0, MAX_PER_VALUE);
}

/** `email without TLD 'a@b'`: what a finding says was accepted, the value as sent. */
export function nearMissLabel(change: ValueChange): string {
  const text = change.jsonText ?? (typeof change.value === 'string' ? change.value : JSON.stringify(change.value));
  const inner = JSON.stringify(text.length > SHOWN_CHARACTERS ? text.slice(0, SHOWN_CHARACTERS - 16) : text).slice(1, -1);
  const shown = text.length > SHOWN_CHARACTERS ? `'${inner}…' (${text.length} characters)` : `'${inner}'`;
  return `${change.nearMiss ?? change.phrase} ${shown}`;
}

/** `an email without TLD`, `a uuid without dashes`. */
export function withArticle(kind: string): string {
  return /^[aeio]/i.test(kind) ? `an ${kind}` : `a ${kind}`;
}
