import type { JsonSchema } from '../../spec/spec-format.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';
import type { ValueChange } from './value-change.js';

/**
 * For each string `format`, one string that breaks it (and reads as broken) while staying a string:
 * a handler that parses the value without checking it answers 500 to these. Each is malformed by
 * construction, so it stays a negative value for the formats ajv does not check (`idn-email`,
 * `idn-hostname`, `iri`) too.
 */
const MALFORMED: Readonly<Record<string, string>> = {
  uuid: 'not-a-uuid',
  email: 'user@',
  'idn-email': 'user@',
  date: '2024-13-45',
  'date-time': '2024-13-45T25:61:00Z',
  'iso-date-time': '2024-13-45T25:61:00Z',
  time: '25:61:00Z',
  'iso-time': '25:61:00Z',
  uri: 'http//x',
  url: 'http//x',
  iri: 'http//x',
  hostname: 'bad..host',
  'idn-hostname': 'bad..host',
  ipv4: '999.1.1.1',
  ipv6: ':::z',
  byte: '%%%',
};

/** The formats a malformed value is made for. */
export const MALFORMED_FORMATS: readonly string[] = Object.keys(MALFORMED);

/**
 * The value as a malformed string of its `format` (`not-a-uuid` for a uuid), when the schema takes
 * strings of a format listed above; undefined otherwise, and for an `enum` or `const`, which the
 * value breaks already. The change carries the format: its case names it (`malformed uuid`).
 */
export function malformedFormat(schema: JsonSchema, types: readonly string[]): ValueChange | undefined {
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const value = format !== undefined && Object.hasOwn(MALFORMED, format) ? MALFORMED[format] : undefined;
  if (format === undefined || value === undefined || !types.includes('string') || Array.isArray(schema.enum) || 'const' in schema) return undefined;
  return { slug: `malformed-${format}`, phrase: `as a malformed ${format} ${JSON.stringify(value)}`, value, format };
}

/**
 * Whether a changed value is one the spec refuses, given what ajv said of it (undefined: the schema
 * does not compile, so nothing is known): refused by ajv, or a malformed string of a format ajv
 * does not check in a value it finds valid otherwise.
 */
export function isRefused(valid: boolean | undefined, change: ValueChange, validator: Pick<SpecSchemaValidator, 'checksFormat'>): boolean {
  return valid === false || (valid === true && change.format !== undefined && !validator.checksFormat(change.format));
}

/** `, a malformed uuid` after the value a mutation names, for a malformed format; empty otherwise. */
export function malformedNote(change: ValueChange): string {
  return change.format !== undefined ? `, a malformed ${change.format}` : '';
}
