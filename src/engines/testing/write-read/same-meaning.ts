import type { JsonSchema } from '../../spec/spec-format.js';
import { schemaTypes } from '../generate/schema-shape.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}/;
const DATE = /^(\d{4}-\d{2}-\d{2})/;
const NUMBER_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
/** Formats whose text is a number (`"10.50"` and `"10.5"` are one decimal). */
const NUMERIC_FORMATS = new Set(['decimal', 'double', 'float', 'int32', 'int64', 'number', 'integer']);
const CASE_FREE_FORMATS = new Set(['uuid', 'email', 'idn-email']);

/**
 * Whether a value read back means what was sent, for one scalar of this schema: date-times the
 * same instant in any offset or precision JavaScript keeps (`2024-05-01T12:00:00+02:00` is
 * `2024-05-01T10:00:00.000Z`), dates the same day (a date-time holding a date counts by its day),
 * numbers equal as numbers (`1.50` is `1.5`, in text or not), uuids and emails in any case; any
 * other value exactly as sent.
 */
export function sameScalar(sent: unknown, got: unknown, schema: JsonSchema | undefined): boolean {
  if (Object.is(sent, got) || sent === got) return true;
  const format = typeof schema?.format === 'string' ? schema.format.toLowerCase() : undefined;
  if (typeof sent === 'string' && typeof got === 'string') {
    if (format === 'date-time') return sameInstant(sent, got);
    if (format === 'date') return sameDay(sent, got);
    if (format && CASE_FREE_FORMATS.has(format)) return sent.toLowerCase() === got.toLowerCase();
    if (format && NUMERIC_FORMATS.has(format)) return sameNumber(sent, got);
    return false;
  }
  const numeric = typeof sent === 'number' || typeof got === 'number' || isNumberSchema(schema);
  return numeric && sameNumber(sent, got);
}

function sameInstant(sent: string, got: string): boolean {
  if (!DATE_TIME.test(sent) || !DATE_TIME.test(got)) return false;
  const [a, b] = [Date.parse(sent), Date.parse(got)];
  return Number.isFinite(a) && a === b;
}

function sameDay(sent: string, got: string): boolean {
  const day = DATE.exec(sent)?.[1];
  return day !== undefined && DATE.exec(got)?.[1] === day;
}

function sameNumber(sent: unknown, got: unknown): boolean {
  const [a, b] = [asNumber(sent), asNumber(got)];
  return a !== undefined && a === b;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : undefined;
}

function isNumberSchema(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const types = schemaTypes(schema);
  return types.includes('number') || types.includes('integer');
}
