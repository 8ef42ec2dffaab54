import type { JsonSchema } from '../../spec/spec-format.js';
import { patternString } from './pattern-string.js';
import type { SeededRandom } from './seeded-random.js';

const PLAIN_LENGTH = 8;

/** A string valid for the schema's `format`, `pattern`, `minLength` and `maxLength`, as far as it can be made. */
export function sampleString(schema: JsonSchema, random: SeededRandom): string {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (typeof schema.pattern === 'string') {
    const matching = patternString(schema.pattern, random, minLength, maxLength);
    if (matching !== undefined) return matching;
  }
  const formatted = typeof schema.format === 'string' ? formattedString(schema.format, random) : undefined;
  if (formatted !== undefined && formatted.length >= minLength && formatted.length <= maxLength) return formatted;
  return random.letters(Math.min(Math.max(PLAIN_LENGTH, minLength), maxLength));
}

/** A value of a known `format` (OpenAPI's and JSON Schema's), or undefined for one Falcon does not know. */
function formattedString(format: string, random: SeededRandom): string | undefined {
  const word = random.letters(6);
  switch (format) {
    case 'date':
      return randomDate(random);
    case 'date-time':
    case 'iso-date-time':
      return `${randomDate(random)}T${randomTime(random)}Z`;
    case 'time':
    case 'iso-time':
      return `${randomTime(random)}Z`;
    case 'duration':
      return `P${random.int(1, 30)}D`;
    case 'email':
    case 'idn-email':
      return `${word}@example.com`;
    case 'hostname':
    case 'idn-hostname':
      return `${word}.example.com`;
    case 'ipv4':
      return `192.0.2.${random.int(1, 254)}`;
    case 'ipv6':
      return `2001:db8::${random.int(1, 0xffff).toString(16)}`;
    case 'uri':
    case 'url':
    case 'iri':
      return `https://example.com/${word}`;
    case 'uri-reference':
    case 'iri-reference':
      return `/${word}`;
    case 'uri-template':
      return `https://example.com/${word}/{id}`;
    case 'uuid':
      return randomUuid(random);
    case 'byte':
      return Buffer.from(word).toString('base64');
    case 'password':
      return `Pw-${word}-${random.int(10, 99)}`;
    case 'regex':
      return `^${word}$`;
    case 'json-pointer':
      return `/${word}`;
    case 'relative-json-pointer':
      return `0/${word}`;
    default:
      return undefined;
  }
}

function randomDate(random: SeededRandom): string {
  const month = random.int(1, 12);
  return `${random.int(2020, 2026)}-${pad(month)}-${pad(random.int(1, 28))}`;
}

function randomTime(random: SeededRandom): string {
  return `${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:${pad(random.int(0, 59))}`;
}

function randomUuid(random: SeededRandom): string {
  const hex = (count: number) => Array.from({ length: count }, () => random.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
