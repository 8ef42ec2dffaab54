/** One field or parameter set to another value: what negative and boundary cases are made of. */
export interface ValueChange {
  /** For the case id: `wrong-type`, `below-minimum`, `max-length`. */
  slug: string;
  /** For the case name, after the field: `below its minimum 1`. */
  phrase: string;
  value: unknown;
  /** Set when the value is a malformed string of this `format` (`uuid`): what the case names, and what ajv may not check. */
  format?: string;
  /** A near miss, a value a lax validator takes by mistake: its kind, as a finding names it (`email without TLD`). */
  nearMiss?: string;
  /** The keywords the value breaks alone: without them the schema takes it, so the kind named is why it is refused. */
  breaks?: readonly string[];
  /** Its text in a JSON body when no JSON value is (`+1`, which a lax parser reads as the number `value`). */
  jsonText?: string;
}

/**
 * Where a value travels: a JSON body keeps its types; query, path and header parameters become
 * text, so only a word where a number or boolean belongs changes their type, and an empty path
 * segment would hit another route.
 */
export type ValuePlace = 'json' | 'query' | 'path' | 'header';

/** Lengths and counts above these are not tried: such requests say little and weigh a lot. */
export const MAX_TRIED_LENGTH = 10_000;
export const MAX_TRIED_ITEMS = 100;

/** A value as a report shows it: JSON, long strings cut. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string' && value.length > 40) return `${JSON.stringify(value.slice(0, 24))}… (${value.length} characters)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
