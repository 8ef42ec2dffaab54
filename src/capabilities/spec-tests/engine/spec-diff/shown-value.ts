import { maskSecretShapes } from '../../../../safety/secret-shapes.js';

const MOST_CHARACTERS = 60;
const MOST_VALUES = 8;

/** A spec's value (an enum value, a default, a pattern) as a message quotes it: JSON, cut short, secret shapes masked. */
export function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return maskSecretShapes(text.length > MOST_CHARACTERS ? `${text.slice(0, MOST_CHARACTERS - 1)}…` : text);
}

/** Values as a list, sorted, the first few named and the rest counted: `"a", "b" and 3 more`. */
export function shownValues(values: Iterable<unknown>): string {
  const shown = [...values].map(shownValue).sort();
  const named = shown.slice(0, MOST_VALUES).join(', ');
  return shown.length > MOST_VALUES ? `${named} and ${shown.length - MOST_VALUES} more` : named;
}
