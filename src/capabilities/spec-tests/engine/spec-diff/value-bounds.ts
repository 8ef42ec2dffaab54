import type { JsonObject } from '../../../../engines/spec/json-values.js';
import type { ConstraintName } from './diff-rules.js';

/** A limit on a value: a number it may not pass, itself allowed unless `exclusive`. */
export interface Bound {
  value: number;
  exclusive: boolean;
}

/** How a constraint changed between the old and the new schema, seen from the values it lets through. */
export interface ConstraintChange {
  /** Some value the old schema allowed is refused now. */
  narrowed: boolean;
  /** Some value the new schema allows was refused before. */
  widened: boolean;
  /** What changed, after the constraint's location: `maximum lowered from 100 to 50`. */
  message: string;
}

type Side = 'upper' | 'lower';

const COUNT_BOUNDS: Array<[ConstraintName, string, Side]> = [
  ['max-length', 'maxLength', 'upper'],
  ['min-length', 'minLength', 'lower'],
  ['max-items', 'maxItems', 'upper'],
  ['min-items', 'minItems', 'lower'],
  ['max-properties', 'maxProperties', 'upper'],
  ['min-properties', 'minProperties', 'lower'],
];

/** Every constraint that changed between two schemas' keywords. */
export function constraintChanges(old: JsonObject, current: JsonObject): Array<[ConstraintName, ConstraintChange]> {
  const changes: Array<[ConstraintName, ConstraintChange | undefined]> = [
    ['maximum', boundChange('maximum', 'upper', numericBound(old, 'upper'), numericBound(current, 'upper'))],
    ['minimum', boundChange('minimum', 'lower', numericBound(old, 'lower'), numericBound(current, 'lower'))],
    ...COUNT_BOUNDS.map(([name, keyword, side]): [ConstraintName, ConstraintChange | undefined] => [
      name,
      boundChange(keyword, side, countBound(old[keyword], side), countBound(current[keyword], side)),
    ]),
    ['multiple-of', multipleOfChange(positive(old.multipleOf), positive(current.multipleOf))],
    ['unique-items', uniqueItemsChange(old.uniqueItems === true, current.uniqueItems === true)],
  ];
  return changes.filter((entry): entry is [ConstraintName, ConstraintChange] => entry[1] !== undefined);
}

/**
 * `maximum`/`minimum` with `exclusiveMaximum`/`exclusiveMinimum` as either OpenAPI writes them: a
 * flag on the bound (3.0, Swagger) or a bound of its own (3.1); the tighter one when both are there.
 */
function numericBound(schema: JsonObject, side: Side): Bound | undefined {
  const [inclusiveKey, exclusiveKey] = side === 'upper' ? ['maximum', 'exclusiveMaximum'] : ['minimum', 'exclusiveMinimum'];
  const inclusive = finite(schema[inclusiveKey]);
  const flag = schema[exclusiveKey];
  const bounds: Bound[] = [];
  if (inclusive !== undefined) bounds.push({ value: inclusive, exclusive: flag === true });
  const exclusive = finite(flag);
  if (exclusive !== undefined) bounds.push({ value: exclusive, exclusive: true });
  return bounds.reduce<Bound | undefined>((tightest, bound) => (tightest === undefined || tighter(bound, tightest, side) ? bound : tightest), undefined);
}

/** A length or count: `minLength: 0` bounds nothing. */
function countBound(value: unknown, side: Side): Bound | undefined {
  const count = finite(value);
  if (count === undefined || (side === 'lower' && count <= 0)) return undefined;
  return { value: count, exclusive: false };
}

/** Whether `bound` lets fewer values through than `than` on its side; no bound lets everything through. */
function tighter(bound: Bound | undefined, than: Bound | undefined, side: Side): boolean {
  if (bound === undefined) return false;
  if (than === undefined) return true;
  if (bound.value !== than.value) return side === 'upper' ? bound.value < than.value : bound.value > than.value;
  return bound.exclusive && !than.exclusive;
}

function boundChange(keyword: string, side: Side, old: Bound | undefined, current: Bound | undefined): ConstraintChange | undefined {
  const narrowed = tighter(current, old, side);
  const widened = tighter(old, current, side);
  if (!narrowed && !widened) return undefined;
  let message: string;
  if (old === undefined) message = `${keyword} set to ${shownBound(current!)}`;
  else if (current === undefined) message = `${keyword} ${shownBound(old)} removed`;
  else if (old.value === current.value) message = `${keyword} ${old.value} made ${current.exclusive ? 'exclusive' : 'inclusive'}`;
  else message = `${keyword} ${(side === 'upper') === narrowed ? 'lowered' : 'raised'} from ${shownBound(old)} to ${shownBound(current)}`;
  return { narrowed, widened, message };
}

function shownBound(bound: Bound): string {
  return bound.exclusive ? `${bound.value} (exclusive)` : String(bound.value);
}

/** A value allowed by `multipleOf: a` is allowed by `multipleOf: b` when a is a multiple of b. */
function multipleOfChange(old: number | undefined, current: number | undefined): ConstraintChange | undefined {
  if (old === current) return undefined;
  const narrowed = current !== undefined && (old === undefined || !isMultiple(old, current));
  const widened = old !== undefined && (current === undefined || !isMultiple(current, old));
  if (!narrowed && !widened) return undefined;
  let message: string;
  if (old === undefined) message = `multipleOf set to ${current}`;
  else if (current === undefined) message = `multipleOf ${old} removed`;
  else message = `multipleOf changed from ${old} to ${current}`;
  return { narrowed, widened, message };
}

function isMultiple(value: number, of: number): boolean {
  const ratio = value / of;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
}

function uniqueItemsChange(old: boolean, current: boolean): ConstraintChange | undefined {
  if (old === current) return undefined;
  return current
    ? { narrowed: true, widened: false, message: 'items must now be unique' }
    : { narrowed: false, widened: true, message: 'items no longer have to be unique' };
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function positive(value: unknown): number | undefined {
  const number = finite(value);
  return number !== undefined && number > 0 ? number : undefined;
}
