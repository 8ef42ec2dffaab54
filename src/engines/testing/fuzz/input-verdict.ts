import { asObject } from '../../spec/json-values.js';
import type { FalconSpec, JsonSchema } from '../../spec/spec-format.js';
import { flattenSchema, schemaTypes } from '../generate/schema-shape.js';
import type { SpecSchemaValidator } from '../spec-schema/spec-schema-validator.js';

/**
 * Where a fuzzed input stands by the spec: `inside` it (then every check applies), `outside` it (a
 * 2xx is a finding: negative_data_rejection), or `unsure` when a reasonable server could read it
 * either way (`05` for an integer; the validator could not compile the schema): then only what no
 * reading excuses counts, a 5xx above all.
 */
export type Verdict = 'inside' | 'outside' | 'unsure';

/** One part outside puts the request outside; else one unsure part makes it unsure. */
export function combineVerdicts(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('outside')) return 'outside';
  return verdicts.includes('unsure') ? 'unsure' : 'inside';
}

/** A JSON value against its schema, as the server parses it back from the text sent. */
export function jsonVerdict(validator: SpecSchemaValidator, schema: JsonSchema, value: unknown): Verdict {
  return fromValidity(validator.isValid(schema, JSON.parse(JSON.stringify(value)) as unknown));
}

/**
 * A value sent as text (a query parameter; a list repeats it) against its schema. Text has no
 * types, so each item is read as the schema's type would have it: `5` is the number 5 and `true`
 * the boolean. Some texts read as a number or boolean only by some parsers (`05`, `5.0`, `-0`,
 * `1e3`, ` 5`, `0x1A`, `9007199254740993` which no double holds exactly, `TRUE`, `1`): inside
 * when the plain reading is valid, outside when no reading is, else unsure.
 */
export function textVerdict(validator: SpecSchemaValidator, raw: JsonSchema, value: unknown, spec: FalconSpec): Verdict {
  const schema = flattenSchema(raw, spec);
  if (Array.isArray(value)) {
    // The list itself (its count, its uniqueness) read the likeliest way, then each item on its own.
    const { items, ...list } = schema;
    const itemSchema = asObject(items) ?? {};
    const itemTypes = schemaTypes(flattenSchema(itemSchema, spec));
    const likeliest = value.map((item) => textReadings(String(item), itemTypes)[0]!.value);
    return combineVerdicts([fromValidity(validator.isValid(list, likeliest)), ...value.map((item) => textVerdict(validator, itemSchema, item, spec))]);
  }
  const readings = textReadings(String(value), schemaTypes(schema));
  const [plain, ...others] = readings;
  const verdict = plain!.plain ? fromValidity(validator.isValid(raw, plain!.value)) : 'outside';
  if (verdict !== 'outside') return verdict;
  return [plain!, ...others].some((reading) => validator.isValid(raw, reading.value) !== false) ? 'unsure' : 'outside';
}

interface Reading {
  value: unknown;
  /** The reading every parser agrees on. */
  plain: boolean;
}

const LOOSE_BOOLEANS: Record<string, boolean> = { TRUE: true, True: true, FALSE: false, False: false, 1: true, 0: false, yes: true, no: false };

/** The values a text may stand for where a value of `types` belongs, the plain one first. */
function textReadings(text: string, types: string[]): Reading[] {
  const readings: Reading[] = [];
  const number = text.trim() === '' ? Number.NaN : Number(text);
  if ((types.includes('integer') || types.includes('number')) && Number.isFinite(number)) readings.push({ value: number, plain: String(number) === text });
  if (types.includes('boolean')) {
    if (text === 'true' || text === 'false') readings.push({ value: text === 'true', plain: true });
    else if (text in LOOSE_BOOLEANS) readings.push({ value: LOOSE_BOOLEANS[text], plain: false });
  }
  if (types.includes('null') && text === '') readings.push({ value: null, plain: false });
  readings.push({ value: text, plain: types.length === 0 || types.includes('string') });
  return readings.sort((a, b) => Number(b.plain) - Number(a.plain));
}

function fromValidity(valid: boolean | undefined): Verdict {
  return valid === true ? 'inside' : valid === false ? 'outside' : 'unsure';
}
